#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Brings resources/translations/embedlab_{vi,zh_CN,en}.ts up to date with the sources.

lupdate files each tr() string under the class that calls it. When code moves to another class
(MainWindow's ids row became IdsEntry), its strings come back as new, untranslated messages in the
new context. This script runs lupdate, then gives every unfinished message the translation the
same source text already has in any context, drops what the sources no longer use, and prints the
messages still without a translation (write those by hand, or pass them with --add).

usage: scripts/sync_translations.py [--lupdate PATH] [--add TRANSLATIONS.json]
TRANSLATIONS.json: {"vi": {"source": "translation", ...}, "zh_CN": {...}}; a numerus message takes a
list of forms.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGS = ["vi", "zh_CN", "en"]


def known_translations(tree):
    """source text -> translation element of every finished message, in any context."""
    known = {}
    for message in tree.iter("message"):
        translation = message.find("translation")
        source = message.findtext("source")
        if translation is None or translation.get("type") in ("unfinished", "vanished", "obsolete"):
            continue
        if translation.text or len(translation):
            known.setdefault(source, translation)
    return known


def fill(translation, value):
    for child in list(translation):
        translation.remove(child)
    if isinstance(value, list):
        translation.text = None
        for form in value:
            ET.SubElement(translation, "numerusform").text = form
    elif isinstance(value, ET.Element):
        translation.text = value.text
        for child in value:
            ET.SubElement(translation, child.tag).text = child.text
    else:
        translation.text = value
    translation.attrib.pop("type", None)


def sync(lang, lupdate, added):
    path = os.path.join(ROOT, "resources", "translations", f"embedlab_{lang}.ts")
    known = known_translations(ET.parse(path))
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, os.path.basename(path))
        shutil.copy(path, work)
        subprocess.run([lupdate, "-silent", "-I", ".", "-locations", "none", "-no-obsolete", "ui", "app", "core",
                        "-ts", work], cwd=ROOT, check=True)
        tree = ET.parse(work)
    missing = []
    for context in tree.iter("context"):
        for message in context.findall("message"):
            translation = message.find("translation")
            if translation.get("type") != "unfinished":
                continue
            source = message.findtext("source")
            if lang == "en":
                # English is the source language: its file only lists the numerus forms.
                if message.get("numerus") != "yes":
                    context.remove(message)
                elif source in added or source in known:
                    fill(translation, added.get(source, known.get(source)))
                else:
                    missing.append((context.findtext("name"), source))
                continue
            if source in added:
                fill(translation, added[source])
            elif source in known:
                fill(translation, known[source])
            else:
                missing.append((context.findtext("name"), source))
    for context in list(tree.getroot()):
        if context.tag == "context" and not context.findall("message"):
            tree.getroot().remove(context)
    # As the files are laid out: contexts at the margin, their messages indented.
    root = tree.getroot()
    root.text = "\n"
    for context in root:
        ET.indent(context, space="    ")
        context.tail = "\n"
    tree.write(path, encoding="utf-8", xml_declaration=True)
    with open(path, "a", encoding="utf-8") as f:
        f.write("\n")
    return missing


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lupdate", default=shutil.which("lupdate") or "/usr/lib/qt6/bin/lupdate")
    parser.add_argument("--add", help="JSON of new translations per language")
    args = parser.parse_args()
    added = json.load(open(args.add, encoding="utf-8")) if args.add else {}
    status = 0
    for lang in LANGS:
        for context, source in sync(lang, args.lupdate, added.get(lang, {})):
            print(f"{lang}: no translation in {context}: {source!r}")
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
