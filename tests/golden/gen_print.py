#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Golden fixtures for core/TensorFormat: what print(tensor) prints in PyTorch 1.13.

Run with Debian's Python, which has the oracle installed:
    /usr/bin/python3 tests/golden/gen_print.py
Writes tests/golden/print/<case>.json and print/index.json (the case names, in order).

Every case stores the input tensor and the exact repr() string. Small tensors are stored element by
element (each float32 as the exact Python float, non-finite values as "nan"/"inf"/"-inf", negative
zero as "-0.0" because QJsonDocument turns the number -0.0 into the integer 0); large ones
as a formula both sides evaluate exactly:
    k_i   = (i * a + c) % m - offset              (int64, i = flat index)
    value = float32(double(k_i) * scale)          (float) or k_i (int64)
followed by "patch": [[flat index, value], ...] overrides.
"""

import json
import math
import os
import sys

import torch
import torch.nn.functional as F

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "print")
DEFAULT_OPTS = dict(precision=4, threshold=1000, edgeitems=3, linewidth=80)

cases = []


def py_number(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        if v == 0.0 and math.copysign(1.0, v) < 0:
            return "-0.0"  # QJsonDocument reads the number -0.0 as integer 0
    return v


def formula_tensor(shape, a, c, m, offset, scale=1.0, dtype=torch.float32, patch=()):
    n = 1
    for d in shape:
        n *= d
    k = (torch.arange(n, dtype=torch.int64) * a + c) % m - offset
    t = k if dtype == torch.int64 else (k.to(torch.float64) * scale).to(torch.float32)
    t = t.clone()
    for index, value in patch:
        t[index] = value
    spec = dict(shape=list(shape), a=a, c=c, m=m, offset=offset, scale=scale,
                patch=[[i, py_number(float(v)) if dtype == torch.float32 else int(v)] for i, v in patch])
    return t.reshape(shape), spec


def add(name, t, formula=None, **opts):
    """Records repr(t). t may be a Parameter or an autograd output; its decoration is read off it."""
    options = dict(DEFAULT_OPTS, **opts)
    torch.set_printoptions(**options)
    try:
        text = repr(t)
    finally:
        torch.set_printoptions(profile="default")
    assert t.dtype in (torch.float32, torch.int64), name
    case = {
        "name": name,
        "dtype": "float32" if t.dtype == torch.float32 else "int64",
        "decoration": {
            "isParameter": isinstance(t, torch.nn.Parameter),
            "requiresGrad": bool(t.requires_grad),
            "gradFn": type(t.grad_fn).__name__ if t.grad_fn is not None else "",
        },
        "options": options,
        "repr": text,
    }
    if formula is not None:
        case["formula"] = formula
    else:
        data = t.detach().reshape(-1).tolist()
        case["tensor"] = {"shape": list(t.shape), "data": [py_number(v) for v in data]}
    cases.append(case)


def seeded(seed):
    torch.manual_seed(seed)


f32 = torch.float32
i64 = torch.int64

# --- the reference and the modules the app shows ----------------------------------------------------
seeded(123)
add("embedding_weight_4x5", torch.nn.Embedding(4, 5).weight)
seeded(0)
lin = torch.nn.Linear(5, 3)
add("linear_weight_3x5", lin.weight)
add("linear_bias_3", lin.bias)
seeded(123)
emb = torch.nn.Embedding(4, 5)
ids = torch.tensor([2, 3, 1])
add("embedding_output_grad_fn", emb(ids))
add("token_ids", ids)
onehot = F.one_hot(ids, num_classes=4)
add("one_hot_int64", onehot)
add("one_hot_float", onehot.float())
add("onehot_mm_weight", onehot.float() @ emb.weight)
seeded(7)
lin2 = torch.nn.Linear(5, 4)
add("linear_output_addmm", lin2(emb(ids)))
add("linear_output_3d", lin2(emb(torch.tensor([[0, 1, 2], [3, 2, 1]]))))
add("linear_no_bias_mm", torch.nn.Linear(5, 4, bias=False)(emb(ids)))
add("softmax_output", torch.softmax(lin2(emb(ids)), dim=-1))
add("cross_entropy_0d", F.cross_entropy(lin2(emb(ids)), torch.tensor([0, 1, 3])))
add("embedding_weight_T", emb.weight.t())
add("tied_logits_mm", emb(ids) @ emb.weight.t())
add("detached_weight", emb.weight.detach())

# --- integer mode, scientific mode ------------------------------------------------------------------
add("int_valued_floats", torch.tensor([1.0, -2.0, 3.0, 10.0]))
add("int_mode_ratio_over_1000", torch.tensor([1.0, 1001.0]))
add("int_mode_ratio_exactly_1000", torch.tensor([1.0, -1000.0, 7.0]))
add("int_mode_over_1e8", torch.tensor([3.0, 2.0e8]))
add("int_mode_exactly_1e8", torch.tensor([1.0e8, 5.0]))
add("zeros_3x4", torch.zeros(3, 4))
add("sci_small_min", torch.tensor([1.0e-5, 0.5, -2.0]))
add("sci_large", torch.tensor([123456.7, 1.5, -3.25]))
add("sci_ratio", torch.tensor([0.001, 2.5]))
add("sci_ratio_not_quite", torch.tensor([0.0025, 2.5]))
add("float32_1e-4_boundary", torch.tensor([1.0e-4, 0.5]))
add("float32_2e-4", torch.tensor([2.0e-4, 0.05]))
add("sci_huge", torch.tensor([3.0e38, -1.0e-38, 1.5]))
add("sci_denormal", torch.tensor([1.0e-45, 1.0]))
add("sci_2d", torch.tensor([[1.0e-6, 2.5e-3], [-4.0e2, 7.0]]))
add("ties_fixed", torch.tensor([0.03125, 0.28125, -0.15625, 1.03125, 0.5]))
add("ties_sci", torch.tensor([1.03125, -2.40625e-6, 1.5e5, 0.09375]))
add("ties_int_like", torch.tensor([0.5, 1.5, 2.5, 0.25]))

# --- signed zero, non-finite ------------------------------------------------------------------------
add("negative_zero_int_mode", torch.tensor([-0.0, 1.0]))
add("negative_zero_fixed", torch.tensor([-0.0, 0.0, 1.5, -0.25]))
add("negative_zero_sci", torch.tensor([-0.0, 1.0e-6]))
add("only_negative_zero", torch.tensor([-0.0, 0.0]))
add("nan_inf_mixed", torch.tensor([float("nan"), float("inf"), float("-inf"), 1.5]))
add("nan_int_mode", torch.tensor([float("nan"), 1.0, -3.0]))
add("nan_int_mode_narrow", torch.tensor([float("nan"), 1.0]))
add("inf_sci", torch.tensor([float("inf"), 1.0e-7, 2.0]))
add("all_nan", torch.tensor([float("nan"), float("nan")]))
add("negative_nan", -torch.tensor([float("nan"), 0.5]))
add("inf_only", torch.tensor([[float("inf")], [float("-inf")]]))

# --- empty and 0-d ----------------------------------------------------------------------------------
add("empty_1d", torch.tensor([]))
add("empty_0x5", torch.zeros(0, 5))
add("empty_5x0", torch.zeros(5, 0))
add("empty_2x0x3", torch.zeros(2, 0, 3))
add("empty_int64", torch.tensor([], dtype=i64))
add("empty_int64_0x3", torch.zeros(0, 3, dtype=i64))
add("empty_requires_grad", torch.zeros(0, 4, requires_grad=True))
add("empty_parameter", torch.nn.Parameter(torch.zeros(0)))
add("scalar_1_2345", torch.tensor(1.2345))
add("scalar_int_valued", torch.tensor(3.0))
add("scalar_zero", torch.tensor(0.0))
add("scalar_negative_zero", torch.tensor(-0.0))
add("scalar_nan", torch.tensor(float("nan")))
add("scalar_inf", torch.tensor(float("-inf")))
add("scalar_small", torch.tensor(1.0e-7))
add("scalar_large", torch.tensor(-2.5e9))
add("scalar_int64", torch.tensor(7))
add("scalar_int64_negative", torch.tensor(-123456789012))
add("scalar_requires_grad", torch.tensor(0.5, requires_grad=True))
add("scalar_parameter", torch.nn.Parameter(torch.tensor(-1.75)))

# --- ranks 3 and 4, int64 ---------------------------------------------------------------------------
seeded(1)
add("randn_2x3x4", torch.randn(2, 3, 4))
add("randn_2x2x2x3", torch.randn(2, 2, 2, 3))
add("randn_1x1x1x1", torch.randn(1, 1, 1, 1))
add("int64_mixed", torch.tensor([[1, -20, 300], [4000, 5, -6]]))
add("int64_large", torch.tensor([123456789012, -5, 9007199254740993]))
add("int64_3d", torch.arange(24).reshape(2, 3, 4) - 10)

# --- wrapping of long rows and of suffixes ----------------------------------------------------------
seeded(2)
add("wrap_randn_25", torch.randn(25))
add("wrap_randn_2x20", torch.randn(2, 20))
add("wrap_int64_40", torch.arange(40) * 37)
add("wrap_sci_12", torch.randn(12) * 1.0e-5)
add("wrap_3d_2x2x15", torch.randn(2, 2, 15))
for n in range(5, 12):
    seeded(100 + n)
    add(f"suffix_requires_grad_{n}", torch.randn(n, requires_grad=True))
for n in range(5, 12):
    seeded(200 + n)
    w = torch.randn(n, requires_grad=True)
    add(f"suffix_grad_fn_{n}", w * 2)
seeded(3)
add("suffix_2d_long_grad_fn", torch.softmax(torch.randn(3, 7, requires_grad=True), dim=0))
add("suffix_wraps_after_newline", torch.randn(2, 8, requires_grad=True) @ torch.eye(8))
add("parameter_wrapping_row", torch.nn.Parameter(torch.randn(2, 9)))

# --- summarisation (numel > threshold) --------------------------------------------------------------
t, spec = formula_tensor([1000], 7919, 13, 10007, 5003, 1.0 / 4096)
add("exactly_threshold_1000", t, spec)
t, spec = formula_tensor([1001], 7919, 13, 10007, 5003, 1.0 / 4096)
add("just_over_threshold_1001", t, spec)
t, spec = formula_tensor([2000], 7919, 13, 10007, 5003, 0.001)
add("summarised_1d_2000", t, spec)
t, spec = formula_tensor([2000], 7919, 13, 10007, 5003, 0.001, patch=[(1000, 1.0e10), (500, float("nan"))])
add("summarised_hidden_values_ignored", t, spec)
t, spec = formula_tensor([2000], 7919, 13, 10007, 5003, 0.001, patch=[(1, 1.0e-6), (1998, float("inf"))])
add("summarised_sci_edges", t, spec)
t, spec = formula_tensor([50, 768], 104729, 17, 65521, 32760, 1.0 / 16384)
add("summarised_50x768", t, spec)
add("summarised_50x768_parameter", torch.nn.Parameter(t), spec)
add("summarised_50x768_grad_fn", torch.nn.Parameter(t) * 1.0, spec)
t, spec = formula_tensor([4, 300], 31, 5, 1009, 504, 0.01)
add("summarised_4x300", t, spec)
t, spec = formula_tensor([300, 4], 31, 5, 1009, 504, 0.01)
add("summarised_300x4", t, spec)
t, spec = formula_tensor([10, 20, 30], 7, 3, 101, 50, 1.0)
add("summarised_3d_int_mode", t, spec)
t, spec = formula_tensor([7, 5, 6, 8], 13, 1, 997, 498, 0.125)
add("summarised_4d", t, spec)
t, spec = formula_tensor([2000], 1, 0, 10 ** 9, 0, dtype=i64)
add("summarised_int64_arange", t, spec)
t, spec = formula_tensor([40, 50], 7919, 3, 1000003, 500000, dtype=i64, patch=[(5, 12345678901)])
add("summarised_int64_2d", t, spec)
t, spec = formula_tensor([50257, 768], 104729, 17, 65521, 32760, 1.0 / 16384)
add("summarised_gpt2_wte", torch.nn.Parameter(t), spec)

# --- set_printoptions -------------------------------------------------------------------------------
seeded(4)
x = torch.randn(3, 6)
add("precision_2", x, precision=2)
add("precision_8", x, precision=8)
add("linewidth_120", torch.randn(30), linewidth=120)
add("linewidth_40", x, linewidth=40)
add("threshold_10_edgeitems_2", torch.randn(5, 7), threshold=10, edgeitems=2)
add("edgeitems_1", torch.arange(30.0).reshape(5, 6), threshold=5, edgeitems=1)
add("edgeitems_0_vector", torch.arange(10.0), threshold=5, edgeitems=0)  # self[-0:] is everything
add("linewidth_tiny", torch.randn(4, requires_grad=True), linewidth=10)

os.makedirs(OUT, exist_ok=True)
for old in os.listdir(OUT):
    if old.endswith(".json"):
        os.remove(os.path.join(OUT, old))
names = []
for case in cases:
    assert case["name"] not in names, case["name"]
    names.append(case["name"])
    with open(os.path.join(OUT, case["name"] + ".json"), "w") as f:
        json.dump(case, f, separators=(",", ":"))
        f.write("\n")
with open(os.path.join(OUT, "index.json"), "w") as f:
    json.dump({"torch": torch.__version__, "cases": names}, f, indent=1)
    f.write("\n")
print(f"{len(names)} cases written to {OUT}", file=sys.stderr)
