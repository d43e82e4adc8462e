// nvvm.cluster.arrive / arrive.relaxed / wait: located errors for an attribute other than
// the unit `aligned`, and (at PTX generation) a target without clusters.
// CONFORMANCE: refused
// RUN: not %vptx %s 2>&1 | %filecheck %s
// RUN: not %vptx --emit=ptx --arch=sm_80 %S/Inputs/cluster-barrier-sm80.mlir 2>&1 | %filecheck --check-prefix=SM80 %s
// SM80: cluster-barrier-sm80.mlir:5:{{[0-9]+}}: error: 'nvvm.cluster.arrive' needs nvvm.cluster.arrive (sm_90), but the target is sm_80
func.func @other_attr() {
  // CHECK: err-cluster-barrier.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvvm.cluster.arrive' has attribute 'relaxed'; it takes only the unit attribute 'aligned'
  nvvm.cluster.arrive {relaxed}
  return
}
func.func @valued() {
  // CHECK: err-cluster-barrier.mlir:[[@LINE+1]]:{{[0-9]+}}: error: 'nvvm.cluster.wait' has 'aligned' with a value; write it as a unit attribute: {aligned}
  nvvm.cluster.wait {aligned = true}
  return
}
