// swift-format-ignore-file
// Generated from PrivacyPolicy.md. Do not edit: change that file, then run
//   GLANCE_RECORD=1 swift test --filter EmbeddedFilesTests
extension PrivacyPolicy {
  /// The text of PrivacyPolicy.md, printed by `glance privacy`.
  public static let text = #"""
# Glance privacy policy

**Glance collects no data. Glance transmits no data. Everything stays on your computer.**

## What Glance stores, and where

Glance keeps your health markers, readings, notes and visits in one file, `glance.json`, in your
data folder:

- `$GLANCE_HOME` if you set it;
- otherwise `$XDG_DATA_HOME/glance`, or `~/.local/share/glance` (Linux);
- `~/Library/Application Support/Glance` (macOS).

`glance about` prints the exact folder. Beside the file Glance keeps a lock file (`glance.lock`) and
the five previous versions of your data (`glance.json.1` to `glance.json.5`) so a mistake or a
damaged disk never costs you your history. The folder is private to your user account (mode 700)
and every file in it is readable by you alone (mode 600). Glance refuses to use a data folder other
users can open, and tells you how to fix it.

## What Glance never does

- Glance contains no network code. It never connects to the internet, never phones home, and has
  no accounts, analytics, crash reporting, advertising or third-party code of any kind.
- Glance never writes a health value to a log, and its error messages never contain one.
- Glance never creates files outside your data folder, except an export you ask for.

## Exports

`glance export` writes a plain-text copy of your data (JSON or CSV) only when you ask, to the file
you name (created readable by you alone) or to your screen. It reminds you: "This file contains
your health information. Store it securely." An export is not encrypted, so that you can open it
in a spreadsheet or take it to your doctor. Treat it like any paper record: keep it somewhere
private, and delete copies you no longer need.

## Encryption

Glance does not encrypt `glance.json` itself. The dependable protection for data at rest is your
operating system's disk encryption (FileVault on macOS, LUKS or an encrypted home folder on Linux);
please turn it on. Glance does not invent its own cryptography.

## Your control

Your data is yours. Read it with any text editor or JSON tool, export it at any time, and delete it
by deleting the data folder. Uninstalling Glance does not delete your data folder.

## Changes

If this policy ever changes, the change will be in this file and in `glance privacy`, in the same
release. Glance will not start collecting or sending data.
"""#
}
