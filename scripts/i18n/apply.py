# SPDX-License-Identifier: GPL-3.0-or-later
# Fills the vi and zh_CN .ts files from the translation tables tr1..tr5 after an lupdate run. English
# needs only its plural forms, and no file keeps source locations (they would change with every edit):
#   /usr/lib/qt6/bin/lupdate -locations none ui app -ts resources/translations/embedlab_{vi,zh_CN}.ts
#   /usr/lib/qt6/bin/lupdate -locations none -pluralonly ui app -ts resources/translations/embedlab_en.ts
#   /usr/bin/python3 scripts/i18n/apply.py
import sys, xml.etree.ElementTree as ET
sys.path.insert(0, __import__('os').path.dirname(__file__))
import tr1, tr2, tr3, tr4, tr5
T = tr1.T; PL = tr1.PLURAL
base=__import__('os').path.join(__import__('os').path.dirname(__file__), '..', '..', 'resources', 'translations') + '/'
missing=set()
for fname, idx in (('embedlab_vi.ts',0),('embedlab_zh_CN.ts',1)):
    tree=ET.parse(base+fname); root=tree.getroot()
    for m in root.iter('message'):
        src=m.find('source').text or ''
        tr=m.find('translation')
        if tr.get('type') in ('vanished','obsolete'):
            continue  # gone from the sources: filling it would bring it back as a live message
        if m.get('numerus')=='yes':
            if src in PL:
                for c in list(tr): tr.remove(c)
                for form in PL[src][idx]:
                    n=ET.SubElement(tr,'numerusform'); n.text=form
                tr.attrib.pop('type',None)
            else: missing.add(src)
            continue
        if src in T:
            tr.text=T[src][idx]; tr.attrib.pop('type',None)
        elif tr.get('type') in ('unfinished',None) and not (tr.text or '').strip():
            missing.add(src)
    tree.write(base+fname, encoding='utf-8', xml_declaration=True)
# English plurals
tree=ET.parse(base+'embedlab_en.ts')
for m in tree.getroot().iter('message'):
    src=m.find('source').text
    if m.get('numerus')=='yes' and src in PL:
        tr=m.find('translation')
        for c in list(tr): tr.remove(c)
        for form in PL[src][2]:
            n=ET.SubElement(tr,'numerusform'); n.text=form
        tr.attrib.pop('type',None)
    elif m.get('numerus')=='yes': missing.add(src)
tree.write(base+'embedlab_en.ts', encoding='utf-8', xml_declaration=True)
print('missing', len(missing))
for s in sorted(missing): print(repr(s))
