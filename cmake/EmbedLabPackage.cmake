# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian package (scripts/embedlab.sh package): `cpack -G DEB` in a portable Release build writes
# embedlab_<version>_amd64.deb with Depends computed from the binaries' shared libraries.
include(GNUInstallDirs)

# Debian's copyright file and changelog, compressed as lintian expects (gzip -9n: no name, no time).
set(embedlab_docdir ${CMAKE_INSTALL_DATADIR}/doc/embedlab)
install(FILES ${PROJECT_SOURCE_DIR}/resources/debian/copyright DESTINATION ${embedlab_docdir})
find_program(EMBEDLAB_GZIP gzip)
if(EMBEDLAB_GZIP)
    set(embedlab_changelog ${CMAKE_CURRENT_BINARY_DIR}/package/changelog.gz)
    file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/package)
    execute_process(COMMAND ${EMBEDLAB_GZIP} -9nc ${PROJECT_SOURCE_DIR}/resources/debian/changelog
                    OUTPUT_FILE ${embedlab_changelog} COMMAND_ERROR_IS_FATAL ANY)
    install(FILES ${embedlab_changelog} DESTINATION ${embedlab_docdir})
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME embedlab)
set(CPACK_PACKAGE_VENDOR "EmbedLab developers")
set(CPACK_PACKAGE_CONTACT "EmbedLab developers <embedlab@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "see that nn.Embedding and nn.Linear share one weight matrix")
set(CPACK_PACKAGE_DESCRIPTION "EmbedLab shows PyTorch's nn.Embedding and nn.Linear weight matrices side by
side: the lookup W[i] is the product one_hot(i) @ W without the multiplications
by zero, the unembedding h @ W.T is a Linear layer, and weight tying makes both
use one storage. Every number equals what PyTorch prints for the same calls.
.
The package holds the desktop application (embedlab) and a command line tool
(embedlab-cli) for scripts and tests.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/embedlab/embedlab")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The fonts the three languages need are found through fontconfig at run time; Qt's own dialogs
# (file dialogs, standard buttons) in Chinese come from qt6-translations-l10n.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk, qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Only the package's own files: embedlab-bench and the tests are built in the same tree, not shipped.
set(CPACK_SOURCE_IGNORE_FILES "/build.*/;/\\\\.git/")
include(CPack)
