// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/OptimizerKernels.h"

#include "core/nn/FitKernels.h"
#include "core/tensor/Parallel.h"

#include <cmath>

#if defined(EMBEDLAB_FIT_AVX2)
#include <immintrin.h>
#endif

namespace embedlab::core::optim {

namespace {

// Below this many elements one thread does the whole update (a thread costs more than it saves).
constexpr Index kMinParallel = Index{1} << 16;

void plainSgd(float *p, const float *g, float *buf, Index begin, Index end, const SgdStep &s)
{
    for (Index i = begin; i < end; ++i) {
        float d = g[i];
        if (s.weightDecay != 0.0f)
            d = std::fma(p[i], s.weightDecay, d); // d_p = d_p.add(param, alpha=weight_decay)
        if (s.momentum != 0.0f) {
            // buf.mul_(momentum).add_(d_p, alpha=1 - dampening), or buf = clone(d_p) at first
            buf[i] = s.firstStep ? d : std::fma(d, s.oneMinusDampening, buf[i] * s.momentum);
            d = s.nesterov ? std::fma(buf[i], s.momentum, d) : buf[i];
        }
        p[i] = std::fma(d, -s.lr, p[i]); // param.add_(d_p, alpha=-lr)
    }
}

float maximumOf(float a, float b)
{
    // torch.maximum propagates NaN.
    return std::isnan(a) || std::isnan(b) ? std::nanf("") : (a > b ? a : b);
}

void plainAdam(float *p, const float *g, float *m, float *v, float *vmax, Index begin, Index end,
               const AdamStep &s)
{
    for (Index i = begin; i < end; ++i) {
        float grad = g[i];
        if (s.weightDecay != 0.0f)
            grad = std::fma(p[i], s.weightDecay, grad);
        m[i] = std::fma(grad, s.oneMinusBeta1, m[i] * s.beta1);
        v[i] = std::fma(s.oneMinusBeta2 * grad, grad, v[i] * s.beta2);
        float second = v[i];
        if (s.amsgrad) {
            vmax[i] = maximumOf(vmax[i], v[i]);
            second = vmax[i];
        }
        const float denom = std::sqrt(second) / s.biasCorrection2Sqrt + s.eps;
        p[i] = p[i] + s.negStepSize * m[i] / denom;
    }
}

#if defined(EMBEDLAB_FIT_AVX2)

EMBEDLAB_FIT_AVX2 void avx2Sgd(float *p, const float *g, float *buf, Index begin, Index end, const SgdStep &s)
{
    const __m256 wd = _mm256_set1_ps(s.weightDecay), mom = _mm256_set1_ps(s.momentum);
    const __m256 damp = _mm256_set1_ps(s.oneMinusDampening), negLr = _mm256_set1_ps(-s.lr);
    Index i = begin;
    for (; i + 8 <= end; i += 8) {
        __m256 d = _mm256_loadu_ps(g + i);
        const __m256 pv = _mm256_loadu_ps(p + i);
        if (s.weightDecay != 0.0f)
            d = _mm256_fmadd_ps(pv, wd, d);
        if (s.momentum != 0.0f) {
            const __m256 b =
                s.firstStep ? d : _mm256_fmadd_ps(d, damp, _mm256_mul_ps(_mm256_loadu_ps(buf + i), mom));
            _mm256_storeu_ps(buf + i, b);
            d = s.nesterov ? _mm256_fmadd_ps(b, mom, d) : b;
        }
        _mm256_storeu_ps(p + i, _mm256_fmadd_ps(d, negLr, pv));
    }
    plainSgd(p, g, buf, i, end, s);
}

EMBEDLAB_FIT_AVX2 void avx2Adam(float *p, const float *g, float *m, float *v, float *vmax, Index begin,
                                Index end, const AdamStep &s)
{
    const __m256 wd = _mm256_set1_ps(s.weightDecay), b1 = _mm256_set1_ps(s.beta1),
                 c1 = _mm256_set1_ps(s.oneMinusBeta1);
    const __m256 b2 = _mm256_set1_ps(s.beta2), c2 = _mm256_set1_ps(s.oneMinusBeta2);
    const __m256 bc2 = _mm256_set1_ps(s.biasCorrection2Sqrt), eps = _mm256_set1_ps(s.eps);
    const __m256 negStep = _mm256_set1_ps(s.negStepSize);
    Index i = begin;
    if (s.amsgrad) {
        plainAdam(p, g, m, v, vmax, begin, end, s); // rare; NaN rules kept in one place
        return;
    }
    for (; i + 8 <= end; i += 8) {
        const __m256 pv = _mm256_loadu_ps(p + i);
        __m256 grad = _mm256_loadu_ps(g + i);
        if (s.weightDecay != 0.0f)
            grad = _mm256_fmadd_ps(pv, wd, grad);
        const __m256 mv = _mm256_fmadd_ps(grad, c1, _mm256_mul_ps(_mm256_loadu_ps(m + i), b1));
        const __m256 vv =
            _mm256_fmadd_ps(_mm256_mul_ps(c2, grad), grad, _mm256_mul_ps(_mm256_loadu_ps(v + i), b2));
        _mm256_storeu_ps(m + i, mv);
        _mm256_storeu_ps(v + i, vv);
        const __m256 denom = _mm256_add_ps(_mm256_div_ps(_mm256_sqrt_ps(vv), bc2), eps);
        _mm256_storeu_ps(p + i, _mm256_add_ps(pv, _mm256_div_ps(_mm256_mul_ps(negStep, mv), denom)));
    }
    plainAdam(p, g, m, v, vmax, i, end, s);
}

#endif

template <typename Part> void overElements(Index n, Part part)
{
    parallel::forTwo(n, n, kMinParallel, part, 8);
}

} // namespace

void sgd(float *param, const float *grad, float *buffer, Index n, const SgdStep &step)
{
    overElements(n, [&](Index begin, Index end) {
#if defined(EMBEDLAB_FIT_AVX2)
        if (fit::usesAvx2()) {
            avx2Sgd(param, grad, buffer, begin, end, step);
            return;
        }
#endif
        plainSgd(param, grad, buffer, begin, end, step);
    });
}

void adam(float *param, const float *grad, float *expAvg, float *expAvgSq, float *maxExpAvgSq, Index n,
          const AdamStep &step)
{
    overElements(n, [&](Index begin, Index end) {
#if defined(EMBEDLAB_FIT_AVX2)
        if (fit::usesAvx2()) {
            avx2Adam(param, grad, expAvg, expAvgSq, maxExpAvgSq, begin, end, step);
            return;
        }
#endif
        plainAdam(param, grad, expAvg, expAvgSq, maxExpAvgSq, begin, end, step);
    });
}

} // namespace embedlab::core::optim
