/// A row adapter applied to the columns of a statement: where the columns
/// of the adapted rows are, and their scopes.
///
/// GRDB exposes this protocol with the same name, for the signatures of
/// ``Row/ScopesView`` (its ``Row/ScopesView/names``), and not for public
/// use: nothing in its API takes or returns a value of this type that user
/// code would build. Folio's layouts adopt it; user types should not.
///
/// ```swift
/// let names = row.scopes.names // Dictionary<String, any _LayoutedRowAdapter>.Keys
/// let sortedNames = names.sorted()
/// ```
public protocol _LayoutedRowAdapter: Sendable { }
