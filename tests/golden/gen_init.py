#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Writes tests/golden/init/*.json with real PyTorch 1.13 (run with Debian's /usr/bin/python3).

Fixtures for tst_generator (raw MT19937 streams, rng state, the cached normal sample) and tst_init
(torch.nn.init on many seeds, sizes and chains, plus PyTorch's own error messages). Deterministic:
every draw comes from an explicitly seeded torch.Generator.
"""

import json
import math
import os
import struct
import warnings

import torch

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "init")
I = torch.nn.init

SEEDS = [0, 1, 2, 3, 5, 7, 42, 123, 777, 1234, 2024, 31337, 65535, 99991, 123456789, 2**31 - 1, 2**31,
         2**32 - 1, 2**32, 2**32 + 123, 2**40 + 17, 2**53 + 1, 2**63 - 1, 2**63, 2**63 + 5, 2**64 - 1,
         67280421310721, 3141592653, 2718281828, 1618033988, 1414213562, 987654321]


def num(x):
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return float(x)


def tensor(t):
    assert t.dtype == torch.float32
    return {"shape": list(t.shape), "data": [num(x) for x in t.reshape(-1).tolist()]}


def gen(seed):
    g = torch.Generator()
    g.manual_seed(seed)
    return g


def write(name, obj):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(obj, f, separators=(",", ":"), sort_keys=True)
        f.write("\n")


def shape_2d(n):
    a = max(d for d in range(1, int(math.isqrt(n)) + 1) if n % d == 0)
    return [a, n // a]


# Our C++ dispatcher (tst_init.cpp) mirrors this one: an op name and its keyword arguments.
def apply(op, t, args, g):
    with torch.no_grad():
        if op == "uniform_":
            t.uniform_(args["a"], args["b"], generator=g)
        elif op == "normal_":
            t.normal_(args["mean"], args["std"], generator=g)
        elif op == "trunc_normal_":
            with torch.random.fork_rng(devices=[]):
                # init.trunc_normal_ takes no generator: route its draws through the default one.
                torch.set_rng_state(g.get_state())
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    I.trunc_normal_(t, args["mean"], args["std"], args["a"], args["b"])
                g.set_state(torch.get_rng_state())
        elif op == "constant_":
            I.constant_(t, args["val"])
        elif op == "ones_":
            I.ones_(t)
        elif op == "zeros_":
            I.zeros_(t)
        elif op == "eye_":
            I.eye_(t)
        else:
            # xavier_*, kaiming_*, orthogonal_ take no generator in 1.13 either.
            with torch.random.fork_rng(devices=[]):
                torch.set_rng_state(g.get_state())
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    if op == "xavier_uniform_":
                        I.xavier_uniform_(t, args["gain"])
                    elif op == "xavier_normal_":
                        I.xavier_normal_(t, args["gain"])
                    elif op == "kaiming_uniform_":
                        I.kaiming_uniform_(t, args["a"], args["mode"], args["nonlinearity"])
                    elif op == "kaiming_normal_":
                        I.kaiming_normal_(t, args["a"], args["mode"], args["nonlinearity"])
                    elif op == "orthogonal_":
                        I.orthogonal_(t, args["gain"])
                    else:
                        raise KeyError(op)
                g.set_state(torch.get_rng_state())
    return t


def gen_generator():
    streams = []
    for seed in [67280421310721, 0, 1, 123, 2**32 + 123, 2**63 + 5, 2**64 - 1]:
        g = gen(seed)
        raw = torch.empty(700, dtype=torch.int64).random_(-2**63, None, generator=g)
        streams.append({"seed": str(seed), "random64": ["%016x" % (v & (2**64 - 1)) for v in raw.tolist()]})

    def snapshot(g):
        s = bytes(g.get_state().numpy())
        seed, left, seeded, nxt = struct.unpack_from("<QiiQ", s, 0)
        mt = struct.unpack_from("<624Q", s, 24)
        _, normal_y, _, normal_valid = struct.unpack_from("<dddi", s, 24 + 624 * 8)
        next_float, float_valid = struct.unpack_from("<f?", s, 24 + 624 * 8 + 32)
        return {"seed": str(seed), "left": left, "next": nxt, "mt": list(mt), "doubleNormalValid": bool(normal_valid),
                "doubleNormal": normal_y, "floatNormalValid": bool(float_valid)}

    # normal_ on 3 elements draws two Box-Muller pairs and leaves the second value of the last one cached.
    g = gen(5)
    first3 = torch.empty(3).normal_(generator=g)
    cached = snapshot(g)
    next1 = torch.empty(1).normal_(0.25, 3.0, generator=g)  # served from the cache: no draw
    after_cache = snapshot(g)
    g.manual_seed(5)
    reseeded1 = torch.empty(1).normal_(generator=g)  # manual_seed dropped the cache
    fresh = snapshot(gen(67280421310721))
    g = gen(11)
    torch.empty(1000).uniform_(generator=g)
    after1000 = snapshot(g)
    write("generator.json", {
        "streams": streams,
        "cacheSeed": 5,
        "first3": tensor(first3),
        "stateWithCache": cached,
        "next1": tensor(next1),
        "stateAfterCache": after_cache,
        "reseeded1": tensor(reseeded1),
        "stateFresh": fresh,
        "stateAfter1000Uniform": after1000,
    })


def gen_sweeps():
    params = [(0.0, 1.0), (0.5, 2.5), (-0.2, 0.02), (3.0, 0.1)]
    cases = []
    for k, seed in enumerate(SEEDS):
        g = gen(seed)
        mean, std = params[k % len(params)]
        steps = []
        for n in range(1, 41):
            shape = [n] if (k + n) % 2 == 0 else shape_2d(n)
            steps.append(tensor(torch.empty(shape).normal_(mean, std, generator=g)))
        cases.append({"seed": str(seed), "mean": mean, "std": std, "steps": steps})
    write("normal_sweep.json", {"cases": cases})

    bounds = [(0.0, 1.0), (-0.37, 0.91), (-3.0, -2.0), (-1e-3, 1e-3), (2.0, 2.0)]
    cases = []
    for k, seed in enumerate(SEEDS[:10]):
        g = gen(seed)
        a, b = bounds[k % len(bounds)]
        steps = []
        for n in range(1, 41):
            shape = [n] if (k + n) % 2 == 0 else shape_2d(n)
            steps.append(tensor(torch.empty(shape).uniform_(a, b, generator=g)))
        cases.append({"seed": str(seed), "a": a, "b": b, "steps": steps})
    write("uniform_sweep.json", {"cases": cases})


def op_cases():
    sqrt5 = math.sqrt(5.0)
    yield "uniform_", [{"a": 0.0, "b": 1.0}, {"a": -0.37, "b": 0.91}, {"a": -3.0, "b": -2.0}, {"a": 5.0, "b": 5.0}]
    yield "normal_", [{"mean": 0.0, "std": 1.0}, {"mean": 0.5, "std": 2.5}, {"mean": 0.0, "std": 0.0},
                      {"mean": -1.0, "std": 0.02}]
    yield "trunc_normal_", [{"mean": 0.0, "std": 1.0, "a": -2.0, "b": 2.0},
                            {"mean": 0.1, "std": 0.8, "a": -1.3, "b": 1.5},
                            {"mean": 0.0, "std": 0.02, "a": -0.04, "b": 0.04},
                            {"mean": 1.0, "std": 2.0, "a": 0.0, "b": 3.0}]
    yield "constant_", [{"val": 0.3}, {"val": -1e-7}, {"val": 1e30}]
    yield "ones_", [{}]
    yield "zeros_", [{}]
    yield "eye_", [{}]
    yield "xavier_uniform_", [{"gain": 1.0}, {"gain": math.sqrt(2.0)}, {"gain": 5.0 / 3}]
    yield "xavier_normal_", [{"gain": 1.0}, {"gain": math.sqrt(2.0)}, {"gain": 0.5}]
    kaiming = [{"a": 0.0, "mode": "fan_in", "nonlinearity": "leaky_relu"},
               {"a": sqrt5, "mode": "fan_in", "nonlinearity": "leaky_relu"},  # nn.Linear's reset_parameters
               {"a": 0.0, "mode": "fan_out", "nonlinearity": "relu"},
               {"a": 0.2, "mode": "FAN_IN", "nonlinearity": "leaky_relu"},
               {"a": 0.0, "mode": "fan_in", "nonlinearity": "tanh"},
               {"a": 0.0, "mode": "fan_out", "nonlinearity": "selu"},
               {"a": 0.0, "mode": "fan_in", "nonlinearity": "linear"}]
    yield "kaiming_uniform_", kaiming
    yield "kaiming_normal_", kaiming
    yield "orthogonal_", [{"gain": 1.0}, {"gain": math.sqrt(2.0)}]


def gen_initialisers():
    shapes = [[3, 4], [5, 7], [4, 33], [2, 3, 4], [16, 3]]
    cases = []
    k = 0
    for op, arg_sets in op_cases():
        for args in arg_sets:
            for shape in shapes:
                if op == "eye_" and len(shape) != 2:
                    continue
                seed = SEEDS[k % len(SEEDS)]
                k += 1
                g = gen(seed)
                t = apply(op, torch.full(shape, float("nan")), args, g)
                after_normal = torch.empty(1).normal_(generator=g)  # also sees a cached normal sample
                after_uniform = torch.empty(20).uniform_(generator=g)
                cases.append({"op": op, "args": args, "seed": str(seed), "expected": tensor(t),
                              "afterNormal": tensor(after_normal), "afterUniform": tensor(after_uniform)})
    write("initialisers.json", {"cases": cases})


def gen_chains():
    sqrt5 = math.sqrt(5.0)
    chain = [
        ("normal_", [4, 5], {"mean": 0.0, "std": 1.0}),
        ("uniform_", [3, 7], {"a": -0.5, "b": 0.5}),
        ("kaiming_uniform_", [8, 6], {"a": sqrt5, "mode": "fan_in", "nonlinearity": "leaky_relu"}),
        ("normal_", [3], {"mean": 0.0, "std": 1.0}),
        ("uniform_", [5], {"a": 0.0, "b": 1.0}),
        ("normal_", [1], {"mean": 2.0, "std": 0.5}),
        ("trunc_normal_", [5, 5], {"mean": 0.0, "std": 0.02, "a": -0.04, "b": 0.04}),
        ("xavier_normal_", [16, 1], {"gain": 1.0}),
        ("orthogonal_", [3, 6], {"gain": 1.0}),
        ("kaiming_normal_", [7, 5], {"a": 0.0, "mode": "fan_out", "nonlinearity": "relu"}),
        ("normal_", [33], {"mean": 0.0, "std": 0.02}),
        ("eye_", [3, 3], {}),
        ("xavier_uniform_", [6, 10], {"gain": 1.0}),
        ("normal_", [2, 7], {"mean": -1.0, "std": 3.0}),
    ]
    cases = []
    for seed in [123, 0, 2024, 2**63 + 5, 67280421310721, 99991]:
        g = gen(seed)
        steps = []
        for op, shape, args in chain:
            t = apply(op, torch.full(shape, float("nan")), args, g)
            steps.append({"op": op, "args": args, "expected": tensor(t)})
        cases.append({"seed": str(seed), "steps": steps})
    write("chains.json", {"cases": cases})


def gen_large():
    cases = []
    for seed, shape, op, args in [
        (2024, [5000, 70], "normal_", {"mean": 0.0, "std": 0.02}),
        (7, [5000, 70], "uniform_", {"a": -0.1, "b": 0.1}),
        (31337, [4999, 71], "normal_", {"mean": 0.5, "std": 2.0}),
        (5, [5000, 70], "kaiming_uniform_", {"a": math.sqrt(5.0), "mode": "fan_in", "nonlinearity": "leaky_relu"}),
        (99, [5000, 70], "trunc_normal_", {"mean": 0.0, "std": 1.0, "a": -2.0, "b": 2.0}),
        (11, [5000, 70], "xavier_normal_", {"gain": 1.0}),
    ]:
        g = gen(seed)
        t = apply(op, torch.empty(shape), args, g)
        flat = t.reshape(-1)
        n = flat.numel()
        idx = sorted(set([0, 1, 15, 16, n - 17, n - 16, n - 1] + [(i * 1103515245 + 12345) % n for i in range(293)]))
        vals = flat[idx]
        after = torch.empty(8).normal_(generator=g)
        cases.append({"seed": str(seed), "shape": shape, "op": op, "args": args,
                      "sum": math.fsum(flat.double().tolist()), "absMax": float(flat.abs().max()),
                      "indices": idx, "values": tensor(vals), "after": tensor(after)})
    write("large.json", {"cases": cases})


def gen_errors():
    calls = [
        ("uniform_", [3, 4], {"a": 1.0, "b": 0.0}),
        ("uniform_", [3, 4], {"a": 1.5, "b": -2.25}),
        ("uniform_", [3, 4], {"a": float("nan"), "b": 0.0}),
        ("uniform_", [3, 4], {"a": 0.0, "b": float("inf")}),
        ("uniform_", [3, 4], {"a": -1e39, "b": 0.0}),
        ("uniform_", [3, 4], {"a": -3e38, "b": 3e38}),
        ("uniform_", [0], {"a": 1.0, "b": 0.0}),
        ("normal_", [3, 4], {"mean": 0.0, "std": -1.0}),
        ("normal_", [20], {"mean": 0.0, "std": -0.5}),
        ("normal_", [3], {"mean": 0.0, "std": float("nan")}),
        ("kaiming_uniform_", [3, 4], {"a": 0.0, "mode": "fan_avg", "nonlinearity": "leaky_relu"}),
        ("kaiming_normal_", [3, 4], {"a": 0.0, "mode": "FAN_AVG", "nonlinearity": "relu"}),
        ("kaiming_uniform_", [4], {"a": 0.0, "mode": "fan_in", "nonlinearity": "leaky_relu"}),
        ("kaiming_normal_", [3, 4], {"a": 0.0, "mode": "fan_in", "nonlinearity": "foo"}),
        ("xavier_uniform_", [7], {"gain": 1.0}),
        ("xavier_normal_", [], {"gain": 1.0}),
        ("eye_", [3], {}),
        ("eye_", [2, 3, 4], {}),
        ("orthogonal_", [3], {"gain": 1.0}),
        ("trunc_normal_", [3, 4], {"mean": 0.0, "std": 1.0, "a": 2.0, "b": -2.0}),
    ]
    cases = []
    for op, shape, args in calls:
        try:
            apply(op, torch.empty(shape), args, gen(1))
        except (RuntimeError, ValueError) as e:
            cases.append({"op": op, "shape": shape, "args": {k: num(v) if isinstance(v, float) else v
                                                               for k, v in args.items()},
                          "kind": type(e).__name__, "message": str(e)})
        else:
            raise AssertionError("no error for %s %s" % (op, args))
    write("errors.json", {"cases": cases})


def gen_gain():
    gains = []
    for name in ["linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
                 "conv_transpose3d", "sigmoid", "tanh", "relu", "leaky_relu", "selu"]:
        gains.append({"nonlinearity": name, "value": float(I.calculate_gain(name))})
    for p in [0.0, 0.01, 0.2, math.sqrt(5.0), 1.0, 3.0]:
        gains.append({"nonlinearity": "leaky_relu", "param": p, "value": I.calculate_gain("leaky_relu", p)})
    fans = []
    for shape in [[3, 4], [4, 3], [1, 1], [5, 6, 7], [2, 3, 4, 5], [50257, 768], [0, 5]]:
        fi, fo = I._calculate_fan_in_and_fan_out(torch.empty(shape))
        fans.append({"shape": shape, "fanIn": fi, "fanOut": fo})
    write("gain.json", {"gains": gains, "fans": fans})


if __name__ == "__main__":
    torch.set_num_threads(1)
    gen_generator()
    gen_sweeps()
    gen_initialisers()
    gen_chains()
    gen_large()
    gen_errors()
    gen_gain()
