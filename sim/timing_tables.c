/*
 * timing_tables.c -- the parameters of the timing model (timing.c), one table per GPU.
 *
 * Every value's source is cited in docs/timing.md, row by row, under the same field
 * name.  Keys to the sources:
 *   [WP-A100]  NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020)
 *   [DS-A100]  NVIDIA A100 80GB datasheet (SXM4: 2039 GB/s)
 *   [WP-H100]  NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022)
 *   [DS-H100]  NVIDIA H100 datasheet (SXM5 80GB: 3.35 TB/s)
 *   [PG]       CUDA C++ Programming Guide: compute-capability limits and the
 *              throughput table of native arithmetic instructions (8.0, 9.0)
 *   [TG]       Ampere and Hopper tuning guides (shared memory per SM, 1 KB reserved)
 *   [AMP]      Abdelkhalik et al., Demystifying the Nvidia Ampere Architecture through
 *              Microbenchmarking and Instruction-level Analysis, HPEC 2022 (arXiv 2208.11174)
 *   [HOP]      Luo et al., Benchmarking and Dissecting the Nvidia Hopper GPU Architecture,
 *              IPDPS 2024 (arXiv 2402.13499)
 *   [EST]      this project's estimate, to be fitted by tests/gpu/timing_calib on a GPU
 *   [DS-B200]  NVIDIA HGX B200 datasheet / Blackwell architecture technical brief (2024):
 *              per GPU, dense tensor FP16/BF16 2.25 PFLOP/s, TF32 1.1, FP8 and INT8 4.5;
 *              FP32 80 TFLOP/s; HBM3e 8 TB/s.  b200 is uncalibrated: no measurement on
 *              the part went into it (docs/timing.md, "b200")
 *   [TILUS-B200] NVIDIA Tilus tutorial "Matmul (Blackwell)": cuBLAS at about 1610 TFLOP/s
 *              on a B200, 8192^3 f16, from NCU profiling (a hardware measurement of
 *              closed code: recorded next to the model's figure in docs/timing.md, not
 *              fitted; b200's ceilings stay the datasheet's)
 */
#include "sim/simint.h"

#include <string.h>
#include <strings.h>

static const TimingGpu gpus[] = {
    {
        .name = "a100",
        .product = "A100 SXM4 80GB",
        .target = TARGET_SM_80,
        .sms = 108,
        .clock_mhz = 1410,
        .max_warps_sm = 64,
        .max_ctas_sm = 32,
        .reg_unit = 256,
        .smem_cta_reserved = 1024,
        .dram_gbs = 2039,
        .dram_eff = 0.967,
        .dram_wr_cost = 1.22,
        .l2_bytes_clk = 5120,
        .l2_eff = 0.70,
        .l2_mb = 40,
        .l1_kb = 192,
        .smem_bytes_clk = 128,
        .lat = {
            [TP_FP32] = 4, [TP_FP16] = 5, [TP_FP64] = 8, [TP_INT] = 4, [TP_SFU] = 18,
            [TP_CVT] = 12, [TP_MIO] = 24, [TP_LSU] = 4, [TP_TENSOR] = 32, [TP_BRANCH] = 4,
        },
        .thr = {
            [TP_FP32] = 64, [TP_FP16] = 128, [TP_FP64] = 32, [TP_INT] = 64, [TP_SFU] = 16,
            [TP_CVT] = 16, [TP_MIO] = 32, [TP_LSU] = 32, [TP_TENSOR] = 1024, [TP_BRANCH] = 64,
        },
        .wgmma_fma_clk = 0,
        .lat_smem = 23,
        .lat_l1 = 33,
        .lat_l2 = 200,
        .lat_dram = 470,
        .lat_bar = 20,
        .atom_same_cyc = 2,
        .atom_per_clk = 128,
        .launch_us = 2.5,
        .mma_eff = 0.85,
        .wgmma_eff = 1,
        .fp32_eff = 0.9,
        .overlap_p = 6,
        .calibrated = "published",
        /* the calibration cases' errors, widened by 8 points (docs/timing.md) */
        .band = { [CAL_MMA] = { -0.101, 0.067 }, [CAL_FP32] = { -0.087, 0.073 },
                  [CAL_DRAM] = { -0.071, 0.089 }, [CAL_OTHER] = { -0.3, 0.3 } },
        .ceil_gemm = 0.869, /* [MAXF] 271.2 of 312 TFLOP/s */
        .ceil_attn = { 0.737, 0.737, 0.737 }, /* [FA2] 230 of 312 TFLOP/s (head dim 128) */
        .ceil_fp32 = 0.883, /* [CUTLASS-P] SIMT SGEMM 17.2 of 19.5 TFLOP/s */
        .ceil_dram = 0.871, /* [JULIA] device copy 1355 of 1555 GB/s */
    },
    {
        .name = "h100",
        .product = "H100 SXM5 80GB",
        .target = TARGET_SM_90A,
        .sms = 132,
        .clock_mhz = 1830,
        .max_warps_sm = 64,
        .max_ctas_sm = 32,
        .reg_unit = 256,
        .smem_cta_reserved = 1024,
        .dram_gbs = 3350,
        .dram_eff = 0.967,
        .dram_wr_cost = 1.22,
        .l2_bytes_clk = 7680,
        .l2_eff = 0.70,
        .l2_mb = 50,
        .l1_kb = 256,
        .smem_bytes_clk = 128,
        .lat = {
            [TP_FP32] = 4, [TP_FP16] = 5, [TP_FP64] = 8, [TP_INT] = 4, [TP_SFU] = 18,
            [TP_CVT] = 12, [TP_MIO] = 24, [TP_LSU] = 4, [TP_TENSOR] = 32, [TP_BRANCH] = 4,
        },
        .thr = {
            [TP_FP32] = 128, [TP_FP16] = 128, [TP_FP64] = 64, [TP_INT] = 64, [TP_SFU] = 16,
            [TP_CVT] = 16, [TP_MIO] = 32, [TP_LSU] = 32, [TP_TENSOR] = 1024, [TP_BRANCH] = 64,
        },
        .wgmma_fma_clk = 2048,
        .lat_smem = 29,
        .lat_l1 = 33,
        .lat_l2 = 260,
        .lat_dram = 480,
        .lat_bar = 20,
        .atom_same_cyc = 2,
        .atom_per_clk = 128,
        .launch_us = 2.5,
        .mma_eff = 0.85,
        .wgmma_eff = 0.85,
        .fp32_eff = 0.9,
        .overlap_p = 6,
        .calibrated = "published",
        /* the calibration cases' errors, widened by 8 points; FP32: no case */
        .band = { [CAL_MMA] = { -0.095, 0.073 }, [CAL_FP32] = { -0.3, 0.3 },
                  [CAL_DRAM] = { -0.078, 0.141 }, [CAL_OTHER] = { -0.3, 0.3 } },
        .ceil_gemm = 0.817, /* [FASTCU] 808 of 989.4 TFLOP/s */
        .ceil_attn = { 0.502, 0.655, 0.748 }, /* [FA3] 497, 648, 740 of 989.4 TFLOP/s */
        .ceil_fp32 = 1,     /* no published measurement: the datasheet */
        .ceil_dram = 0.968, /* [FASTCU] sum reduction 3241 of 3350 GB/s */
    },
    {
        .name = "b200",
        .product = "B200 (HGX, 1000 W)",
        .target = TARGET_SM_100A,
        .sms = 148,         /* [DS-B200]: the SM count CUDA reports for a B200 */
        .clock_mhz = 1856,  /* [EST] 2.25 PFLOP/s = 2 x 148 SMs x 4096 FMA/clk x 1856 MHz */
        .max_warps_sm = 64, /* [PG] compute capability 10.0 */
        .max_ctas_sm = 32,
        .reg_unit = 256,
        .smem_cta_reserved = 1024,
        .dram_gbs = 8000, /* [DS-B200] */
        .dram_eff = 0.9,  /* [EST] */
        .dram_wr_cost = 1.22,
        .l2_bytes_clk = 10240, /* [EST] */
        .l2_eff = 0.70,
        .l2_mb = 126, /* [EST] */
        .l1_kb = 256,
        .smem_bytes_clk = 128,
        .lat = {
            [TP_FP32] = 4, [TP_FP16] = 5, [TP_FP64] = 8, [TP_INT] = 4, [TP_SFU] = 18,
            [TP_CVT] = 12, [TP_MIO] = 24, [TP_LSU] = 4, [TP_TENSOR] = 32, [TP_BRANCH] = 4,
        },
        .thr = { /* TP_TENSOR: the dense f16 peak [DS-B200]; the rest as h100 [EST] */
            [TP_FP32] = 128, [TP_FP16] = 128, [TP_FP64] = 64, [TP_INT] = 64, [TP_SFU] = 16,
            [TP_CVT] = 16, [TP_MIO] = 32, [TP_LSU] = 32, [TP_TENSOR] = 4096, [TP_BRANCH] = 64,
        },
        .wgmma_fma_clk = 0, /* no wgmma on sm_100a: tcgen05.mma runs at thr[TP_TENSOR] */
        .lat_smem = 29,
        .lat_l1 = 33,
        .lat_l2 = 300,
        .lat_dram = 600,
        .lat_bar = 20,
        .atom_same_cyc = 2,
        .atom_per_clk = 128,
        .launch_us = 2.5,
        .mma_eff = 0.85,
        .wgmma_eff = 0.85, /* [EST] the achieved fraction of the tcgen05 rate */
        .fp32_eff = 0.9,
        .overlap_p = 6,
        .calibrated = "uncalibrated",
        /* no measurement on the part: a wide band for every class */
        .band = { [CAL_MMA] = { -0.5, 0.5 }, [CAL_FP32] = { -0.5, 0.5 },
                  [CAL_DRAM] = { -0.5, 0.5 }, [CAL_OTHER] = { -0.5, 0.5 } },
        .ceil_gemm = 1, /* no published measurement used: the datasheet */
        .ceil_attn = { 1, 1, 1 },
        .ceil_fp32 = 1,
        .ceil_dram = 1,
    },
};

const TimingGpu *
timing_gpu(const char *name)
{
    for (size_t i = 0; i < sizeof gpus / sizeof gpus[0]; i++)
        if (name && !strcasecmp(name, gpus[i].name)) /* --timing=A100 too */
            return &gpus[i];
    return NULL;
}

unsigned
sim_timing_sms(const char *gpu)
{
    const TimingGpu *g = timing_gpu(gpu);
    return g ? g->sms : 0;
}

const TimingGpu *
timing_gpu_at(int i)
{
    return i >= 0 && (size_t)i < sizeof gpus / sizeof gpus[0] ? &gpus[i] : NULL;
}
