/// The version of Folio, as `CHANGELOG.md` gives it.
///
/// ```swift
/// import Folio
/// print(Folio.version) // "0.1.0"
/// ```
///
/// GRDB has no such API.
public let version = "0.1.0"
