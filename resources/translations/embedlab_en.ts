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
    <name>embedlab::ui::FitSession</name>
    <message numerus="yes">
        <source>The text has %n character(s): a run needs at least %1 (a context of %2 and the one to guess).</source>
        <translation>
            <numerusform>The text has %n character: a run needs at least %1 (a context of %2 and the one to guess).</numerusform>
            <numerusform>The text has %n characters: a run needs at least %1 (a context of %2 and the one to guess).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The text has %n GPT-2 token(s): a run needs at least %1 (a context of %2 and the one to guess).</source>
        <translation>
            <numerusform>The text has %n GPT-2 token: a run needs at least %1 (a context of %2 and the one to guess).</numerusform>
            <numerusform>The text has %n GPT-2 tokens: a run needs at least %1 (a context of %2 and the one to guess).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The text has %n token(s) of %3: a run needs at least %1 (a context of %2 and the one to guess).</source>
        <translation>
            <numerusform>The text has %n token of %3: a run needs at least %1 (a context of %2 and the one to guess).</numerusform>
            <numerusform>The text has %n tokens of %3: a run needs at least %1 (a context of %2 and the one to guess).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embedlab::ui::IdsEntry</name>
    <message numerus="yes">
        <source>%n token id(s): %1</source>
        <translation>
            <numerusform>%n token id: %1</numerusform>
            <numerusform>%n token ids: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LookupArea</name>
    <message numerus="yes">
        <source>&lt;b&gt;%1 id(s)&lt;/b&gt;: the one-hot path does &lt;b&gt;%2&lt;/b&gt; multiply-adds, %3 of them multiplications by zero (%4 %) &amp;nbsp;·&amp;nbsp; the lookup copies &lt;b&gt;%5&lt;/b&gt; values (%6 bytes read) and multiplies nothing</source>
        <translation>
            <numerusform>&lt;b&gt;%1 id&lt;/b&gt;: the one-hot path does &lt;b&gt;%2&lt;/b&gt; multiply-adds, %3 of them multiplications by zero (%4 %) &amp;nbsp;·&amp;nbsp; the lookup copies &lt;b&gt;%5&lt;/b&gt; values (%6 bytes read) and multiplies nothing</numerusform>
            <numerusform>&lt;b&gt;%1 ids&lt;/b&gt;: the one-hot path does &lt;b&gt;%2&lt;/b&gt; multiply-adds, %3 of them multiplications by zero (%4 %) &amp;nbsp;·&amp;nbsp; the lookup copies &lt;b&gt;%5&lt;/b&gt; values (%6 bytes read) and multiplies nothing</numerusform>
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
<context>
    <name>embedlab::ui::TrainingPanel</name>
    <message numerus="yes">
        <source>Each id predicts the one after it (%n pair(s)): %1</source>
        <translation>
            <numerusform>Each id predicts the one after it (%n pair): %1</numerusform>
            <numerusform>Each id predicts the one after it (%n pairs): %1</numerusform>
        </translation>
    </message>
</context>
</TS>
