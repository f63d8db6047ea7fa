// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/Document.h"

#include <QDockWidget>
#include <QFont>
#include <QHash>
#include <QKeySequence>
#include <QList>
#include <QObject>
#include <QPalette>
#include <QPointer>
#include <QSplitter>
#include <QString>

#include <functional>

class QAction;
class QLabel;
class QDockWidget;
class QMenu;
class QWidget;

namespace embedlab::ui {

class MainWindow;

/// The classroom profile of a main window: white page, black text, fonts 1.6x, thick borders, side
/// panels hidden, full screen and a "PROJECTOR" badge (the document paints with the PuOr map
/// meanwhile: Document::displayColorMap()). Everything it changes is remembered and put back when
/// it is switched off.
class ProjectorMode : public QObject {
    Q_OBJECT
public:
    static constexpr double kFontScale = 1.6;
    static constexpr double kMinFontScale = 1.0;
    static constexpr double kMaxFontScale = 3.0;
    static constexpr int kLineWidth = 3;
    static constexpr const char *kColorMap = Document::kProjectorColorMap;

    /// `windowZoomActions`: the window's zoom in, out and reset, whose keys (Ctrl +, -, 0) resize
    /// the text while projecting. `fullScreen` false keeps the window size (tests, headless export).
    ProjectorMode(MainWindow *window, const QList<QAction *> &windowZoomActions, bool fullScreen = true);
    /// A dock that stays visible when the side panels are hidden (the lesson: what the class reads).
    void setKeptDock(QDockWidget *dock) { m_keptDock = dock; }
    /// The width the first of the main pane's columns needs, given their total width and height; 0
    /// leaves the columns as they are.
    using FirstColumnWidth = std::function<int(int total, int height)>;
    /// The main pane's two columns (the lookup, the heatmaps). While enabled, the first is as wide
    /// as `firstWidth` says and the heatmaps get the rest: at 1024 x 768 they kept the share the
    /// columns had before the fonts grew (#25 item 4). Switching off puts the sizes back.
    void setMainColumns(QSplitter *splitter, FirstColumnWidth firstWidth)
    {
        m_mainSplitter = splitter;
        m_firstColumnWidth = std::move(firstWidth);
    }
    /// While enabled: shows `dock` in place of the window's main pane, which a projected 1024 x 768
    /// window has no room for beside it (the lesson's "Watch it learn" step is its Fit a Text
    /// panel); nullptr, or switching off, puts the main pane back.
    void setFeaturedDock(QDockWidget *dock);
    QDockWidget *featuredDock() const { return m_featured; }

    bool isEnabled() const { return m_enabled; }
    /// True while switching on or off hides the docks or puts them back: not the user's choice of
    /// panels.
    bool isSwitching() const { return m_switching; }
    /// Whether switching on also fills the screen (not for headless export and tests).
    void setUsesFullScreen(bool on) { m_fullScreen = on; }
    bool usesFullScreen() const { return m_fullScreen; }
    void setEnabled(bool on);

    /// The font factor in effect (kFontScale when switched on; Ctrl +/- change it).
    double fontScale() const { return m_fontScale; }
    void setFontScale(double scale);
    void zoomIn() { setFontScale(m_fontScale + 0.2); }
    void zoomOut() { setFontScale(m_fontScale - 0.2); }
    void resetZoom() { setFontScale(kFontScale); }

    /// Border width of the frames and edits, in pixels (1 when off).
    int lineWidth() const { return m_enabled ? kLineWidth : 1; }
    QLabel *badge() const { return m_badge; }
    /// While enabled: the docks' layout from before (QMainWindow::saveState()).
    QByteArray savedLayout() const { return m_savedLayout; }

    /// The theme's high-contrast palette of the application palette's brightness (Theme): white
    /// page, black text, dark blue selection; or the same in black.
    static QPalette palette();
    /// Thick borders for the frames, edits, tool bars and status bar, in the palette's text colour.
    /// The boxes to tick are sized for text at `fontScale`.
    static QString styleSheet(double fontScale = kFontScale);
    /// The projector look for one widget tree outside a main window (headless export).
    static void applyTo(QWidget *widget, double fontScale = kFontScale);
    /// The projector look for a dialog of the window: applyTo(), and every control's own font scaled
    /// (under the style sheet a font reaches one level down only), made larger if it no longer
    /// fits. Once per dialog; while projecting, every dialog the window opens gets it as it is first
    /// shown (message boxes, file dialogs, Preferences), so that the back row can read it too.
    static void applyToDialog(QWidget *dialog, double fontScale = kFontScale);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    void enabledChanged(bool on);
    void fontScaleChanged(double scale);

private:
    void rememberFonts();
    void applyFonts();
    void setChartsProjectorStyle(bool on);
    void takeOverZoomKeys(bool on);
    /// Gives the featured dock the height the lesson's text leaves.
    void sizeFeaturedDock();
    /// The main splitter's sizes while enabled (setMainColumns()).
    void widenLastColumn();
    /// Each of the window's menus fitted to the screen as it opens (fitMenu()), while enabled.
    void watchMenus(bool on);
    /// A menu taller than the screen opens in columns, the last cut off at the screen's right edge
    /// (the View menu projected at 1024 x 768): its font shrinks towards 16 px until it is one column.
    void fitMenu(QMenu *menu);

    MainWindow *m_window = nullptr;
    QList<QAction *> m_windowZoomActions;
    QPointer<QDockWidget> m_keptDock;
    QPointer<QDockWidget> m_featured;
    QPointer<QSplitter> m_mainSplitter;
    FirstColumnWidth m_firstColumnWidth;
    QList<int> m_savedSplit;
    bool m_fullScreen = true;
    bool m_enabled = false;
    bool m_switching = false;
    double m_fontScale = kFontScale;
    QLabel *m_badge = nullptr;

    // What switching on changed, to put back.
    QPalette m_savedPalette;
    QFont m_savedFont;
    QString m_savedStyleSheet;
    Qt::WindowStates m_savedWindowState;
    QList<QPair<QPointer<QWidget>, bool>> m_savedDocks;
    /// The docks' places, sizes and front tabs (QMainWindow::saveState()).
    QByteArray m_savedLayout;
    /// A widget's font from before projector mode, and whether it was its own or inherited.
    struct SavedFont {
        QPointer<QWidget> widget;
        QFont font;
        bool own = false;
    };
    QList<SavedFont> m_savedFonts; // every widget of the window, each after its parent
    QHash<QAction *, QList<QKeySequence>> m_savedZoomKeys;
    QList<QAction *> m_zoomActions;
    QList<QMetaObject::Connection> m_menuFits;
};

} // namespace embedlab::ui
