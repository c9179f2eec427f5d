// Seed-era names of the record protocols and errors: deprecated aliases.

/// The earlier name of ``FetchableRecord``.
///
/// ```swift
/// // Before: struct Place: RowConvertible { ... }
/// struct Place: FetchableRecord { ... }
/// ```
@available(*, deprecated, renamed: "FetchableRecord")
public typealias RowConvertible = FetchableRecord

/// The earlier name of ``FetchableRecord`` for `Decodable` records.
///
/// ```swift
/// // Before: struct Author: Decodable, DecodableRecord { ... }
/// struct Author: Decodable, FetchableRecord { ... }
/// ```
@available(*, deprecated, renamed: "FetchableRecord")
public typealias DecodableRecord = FetchableRecord

/// The earlier name of ``TableRecord``.
///
/// ```swift
/// // Before: struct Place: TableMapping { ... }
/// struct Place: TableRecord { ... }
/// ```
@available(*, deprecated, renamed: "TableRecord")
public typealias TableMapping = TableRecord

/// The earlier name of ``MutablePersistableRecord``.
///
/// ```swift
/// // Before: struct Place: MutablePersistable { ... }
/// struct Place: MutablePersistableRecord { ... }
/// ```
@available(*, deprecated, renamed: "MutablePersistableRecord")
public typealias MutablePersistable = MutablePersistableRecord

/// The earlier name of ``PersistableRecord``.
///
/// ```swift
/// // Before: struct Link: Persistable { ... }
/// struct Link: PersistableRecord { ... }
/// ```
@available(*, deprecated, renamed: "PersistableRecord")
public typealias Persistable = PersistableRecord

/// The earlier name of ``RecordError``.
///
/// ```swift
/// // Before: catch PersistenceError.recordNotFound { ... }
/// catch RecordError.recordNotFound { ... }
/// ```
@available(*, deprecated, renamed: "RecordError")
public typealias PersistenceError = RecordError
