<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_US">
<context>
    <name>embedlab::ui::ExportController</name>
    <message numerus="yes">
        <source>Export cancelled after %n frame(s) in %1</source>
        <translation>
            <numerusform>Export cancelled after %n frame in %1</numerusform>
            <numerusform>Export cancelled after %n frames in %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n frame(s) to %1</source>
        <translation>
            <numerusform>Wrote %n frame to %1</numerusform>
            <numerusform>Wrote %n frames to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embedlab::ui::SidePanels</name>
    <message numerus="yes">
        <source>after %n training step(s)</source>
        <translation>
            <numerusform>after %n training step</numerusform>
            <numerusform>after %n training steps</numerusform>
        </translation>
    </message>
</context>
</TS>
