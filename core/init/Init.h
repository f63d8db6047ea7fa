// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/init/Generator.h"
#include "core/tensor/Tensor.h"

#include <optional>
#include <string>

/// torch.nn.init, with PyTorch's names, arguments, defaults, arithmetic and RNG consumption.
/// Invalid arguments throw core::Error with PyTorch's message (e.g. ValueError "Mode fan_avg not
/// supported, please use one of ['fan_in', 'fan_out']", ValueError "Unsupported nonlinearity foo").
/// Where Python raises ZeroDivisionError (xavier_* on a 0x0 tensor, trunc_normal_ with std 0) the
/// error is a RuntimeError with Python's message "float division by zero".
namespace embedlab::core::init {

struct Fans {
    Index fanIn = 0;
    Index fanOut = 0;
    bool operator==(const Fans &) const = default;
};
/// init._calculate_fan_in_and_fan_out; ValueError for fewer than 2 dimensions.
Fans calculateFanInAndFanOut(const Shape &shape);
/// init.calculate_gain(nonlinearity, param); `param` is leaky_relu's negative slope (default 0.01).
double calculateGain(const std::string &nonlinearity, std::optional<double> param = std::nullopt);

void uniform_(TensorSpan t, double a, double b, Generator &gen);
void normal_(TensorSpan t, double mean, double std, Generator &gen);
void trunc_normal_(TensorSpan t, double mean, double std, double a, double b, Generator &gen);
void constant_(TensorSpan t, double val);
void ones_(TensorSpan t);
void zeros_(TensorSpan t);
void eye_(TensorSpan t); // ValueError "Only tensors with 2 dimensions are supported" otherwise
void xavier_uniform_(TensorSpan t, double gain, Generator &gen);
void xavier_normal_(TensorSpan t, double gain, Generator &gen);
void kaiming_uniform_(TensorSpan t, double a, const std::string &mode, const std::string &nonlinearity,
                      Generator &gen);
void kaiming_normal_(TensorSpan t, double a, const std::string &mode, const std::string &nonlinearity,
                     Generator &gen);
void orthogonal_(TensorSpan t, double gain, Generator &gen);

/// Which arithmetic normal_ uses for float tensors of 16 or more elements. PyTorch's CPU build
/// dispatches to an AVX2 kernel (avx_mathfun's log/sincos) on AVX2 machines and to the scalar
/// std::log/std::cos kernel otherwise; Debian's python3-torch uses Avx2 on this hardware.
enum class NormalKernel { Avx2, Scalar };
void setNormalKernel(NormalKernel kernel);
NormalKernel normalKernel();
/// Whether normal_'s Avx2 kernel and uniform_ use the CPU's AVX2/FMA units (the default when the CPU
/// has them) or a lane-by-lane emulation of the same instructions, which gives the same bits anywhere.
/// Returns whether the units are used: false on CPUs without them, whatever `enabled` says.
bool setHardwareSimd(bool enabled);
bool hardwareSimd();

/// The distribution an initialiser draws from, for drawing its density over a histogram.
struct Distribution {
    enum class Kind { Normal, Uniform, TruncatedNormal, Constant, Other } kind = Kind::Other;
    double mean = 0.0;
    double std = 0.0;
    double low = 0.0;  // uniform bound or truncation bound a
    double high = 0.0; // uniform bound or truncation bound b
    /// Probability density at x (Normal, Uniform, TruncatedNormal); 0 for the others.
    double density(double x) const;
};

} // namespace embedlab::core::init
