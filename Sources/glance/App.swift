import GlanceCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs one command line: parse, ask GlanceCore, print, choose the exit code.
struct App {
  let console: Console

  func run(_ words: [String]) -> ExitStatus {
    let invocation: Invocation
    do {
      invocation = try CommandParser.parse(words)
    } catch let error as UsageError {
      console.err("glance: \(error.message)")
      console.err(error.command.map { "See: glance help \($0)" } ?? "See: glance help")
      return .usage
    } catch {
      return fail(error)
    }
    do {
      let context = try Context(console: console, global: invocation.global)
      try execute(invocation.command, context)
      return outputStatus()
    } catch let error as UsageError {
      console.err("glance: \(error.message)")
      if let command = error.command { console.err("See: glance help \(command)") }
      return .usage
    } catch {
      return fail(error)
    }
  }

  /// Success, unless standard output could not be written (a full disk): then the output is
  /// incomplete and a script must not take it for a backup.
  private func outputStatus() -> ExitStatus {
    guard let code = console.outputError else { return .success }
    console.err(OutputError(code: code).message)
    return OutputError(code: code).exitStatus
  }

  private func fail(_ error: any Error) -> ExitStatus {
    if let error = error as? any GlanceError {
      console.err(error.message)
      return error.exitStatus
    }
    // NB: only the error's type, never its text: it could hold a value from the data file.
    console.err(
      "Something went wrong inside glance (\(type(of: error))). Nothing was changed. Please report this.")
    return .failure
  }

  private func execute(_ command: Command, _ context: Context) throws {
    switch command {
    case .help(let topic): try help(topic, context)
    case .version: console.out("glance \(GlanceVersion.current)")
    case .privacy: console.out(PrivacyPolicy.text)
    case .about: try about(context)
    case .profile(let sex): try profile(sex: sex, context)
    case .library(let query, let category): try library(query: query, category: category, context)
    case .home: try home(context)
    case .setup(let markers): try setup(markers: markers, context)
    case .track(let words): try track(words, context)
    case .untrack(let word): try untrack(word, context)
    case .order(let words): try order(words, context)
    case .custom(let options): try custom(options, context)
    case .range(let options): try range(options, context)
    case .add(let options): try add(options, context)
    case .show(let marker, let since): try show(marker, since: since, context)
    case .edit(let options): try edit(options, context)
    case .delete(let id): try delete(id, context)
    case .demo: try demo(context)
    case .batch(let date, let pairs): try batch(date: date, pairs: pairs, context)
    case .visitAdd(let options): try visitAdd(options, context)
    case .visitShow(let id): try visitShow(id, context)
    case .visitEdit(let id, let options): try visitEdit(id, options, context)
    case .visitDelete(let id): try visitDelete(id, context)
    case .visits(let type, let doctor, let since): try visits(type: type, doctor: doctor, since: since, context)
    case .prep: try prep(context)
    case .search(let query): try search(query, context)
    case .export(let options): try export(options, context)
    case .importFile(let options): try importFile(options, context)
    case .undo: try undo(context)
    }
  }
}

/// What every command needs: the style, "today", the data folder and its repository.
final class Context {
  let console: Console
  let global: GlobalOptions
  let style: OutputStyle
  let location: DataLocation
  private var repositoryStorage: LocalDataRepository?

  /// "Today" on this machine's calendar, or as pinned by --today / GLANCE_TODAY.
  let today: CalendarDate

  init(console: Console, global: GlobalOptions) throws {
    self.console = console
    self.global = global
    style = console.style(for: global)
    location = try DataLocation.resolve(
      environment: console.environment, currentDirectory: Console.currentDirectory())
    if let pinned = global.today ?? console.environment["GLANCE_TODAY"].flatMap({ $0.isEmpty ? nil : $0 }) {
      guard let date = DateParser.pinnedToday(pinned) else {
        throw UsageError(
          message: "--today (or GLANCE_TODAY) takes a date from 1900 on as YYYY-MM-DD, not \(quoted(pinned)).",
          command: nil)
      }
      today = date
    } else {
      today = Console.localToday()
    }
  }

  /// Every marker the person can use: the library's and their own.
  func allMarkers(_ document: GlanceDocument) -> [MarkerDefinition] {
    repository.library.markers + document.customMarkers
  }

  /// The one marker `text` names (`bp` is refused here: it means two).
  func marker(_ text: String, in document: GlanceDocument) throws -> MarkerDefinition {
    let markers = try EntryPlanner.resolveMarkers(text, among: allMarkers(document))
    guard markers.count == 1 else {
      throw EntryError.ambiguousMarker(text, markers.map { "\($0.displayName) (\($0.key))" })
    }
    return markers[0]
  }

  /// Goes ahead only with a yes: `--yes`, or an answer on the terminal.
  func confirm(_ question: String) throws {
    if global.yes { return }
    guard let answer = try console.confirm(question) else {
      throw ConfirmationError.needsConfirmation(question: question)
    }
    if !answer { throw ConfirmationError.declined }
  }

  /// The repository, opened on first use.
  var repository: LocalDataRepository {
    if let repositoryStorage { return repositoryStorage }
    let repository = LocalDataRepository(location: location)
    repositoryStorage = repository
    return repository
  }

  /// The document with only the selected entries, for a screen that shows a few (and every
  /// entry's id); a notice about a damaged file goes to stderr.
  func view(_ selection: EntrySelection, allIDs: Bool = false) throws -> DocumentView {
    let view = try repository.view(selecting: selection, allIDs: allIDs)
    if let notice = repository.notice { console.err(notice.message) }
    return view
  }

  /// The current document; a notice about a damaged file goes to stderr.
  func document() throws -> GlanceDocument {
    let document = try repository.read()
    if let notice = repository.notice { console.err(notice.message) }
    return document
  }
}
