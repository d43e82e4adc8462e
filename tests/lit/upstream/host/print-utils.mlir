// The scalar printers of mlir_c_runner_utils, called directly as upstream's tests call
// them: printF32 / printF64 ("%g"), printI64, printU64, printOpen "( ", printClose " )",
// printComma ", ", printNewline.  Expected by hand.
// RUN: %vptx run %s | %filecheck %s

func.func private @printF32(f32)
func.func private @printF64(f64)
func.func private @printI64(i64)
func.func private @printU64(i64)
func.func private @printOpen()
func.func private @printClose()
func.func private @printComma()
func.func private @printNewline()

// CHECK:      ( 0.25, 3.14159, -7 ){{$}}
// CHECK-NEXT: {{^}}18446744073709551609{{$}}
// CHECK-NEXT: {{^}}0, 1, 2, 3{{$}}
func.func @main() {
  %a = arith.constant 0.25 : f32
  %b = arith.constant 3.14159265358979 : f64
  %c = arith.constant -7 : i64
  call @printOpen() : () -> ()
  call @printF32(%a) : (f32) -> ()
  call @printComma() : () -> ()
  call @printF64(%b) : (f64) -> ()
  call @printComma() : () -> ()
  call @printI64(%c) : (i64) -> ()
  call @printClose() : () -> ()
  call @printNewline() : () -> ()
  call @printU64(%c) : (i64) -> ()
  call @printNewline() : () -> ()
  // a host loop: scf.for and scf.if decide the commas
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %first = arith.cmpi eq, %i, %c0 : index
    scf.if %first {
    } else {
      call @printComma() : () -> ()
    }
    %x = arith.index_cast %i : index to i64
    call @printI64(%x) : (i64) -> ()
  }
  call @printNewline() : () -> ()
  return
}
