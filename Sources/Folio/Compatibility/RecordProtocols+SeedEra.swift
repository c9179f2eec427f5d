// Seed-era names of the record protocols and errors: deprecated aliases.

/// The earlier name of ``FetchableRecord``.
@available(*, deprecated, renamed: "FetchableRecord")
public typealias RowConvertible = FetchableRecord

/// The earlier name of ``FetchableRecord`` for `Decodable` records.
@available(*, deprecated, renamed: "FetchableRecord")
public typealias DecodableRecord = FetchableRecord

/// The earlier name of ``TableRecord``.
@available(*, deprecated, renamed: "TableRecord")
public typealias TableMapping = TableRecord

/// The earlier name of ``MutablePersistableRecord``.
@available(*, deprecated, renamed: "MutablePersistableRecord")
public typealias MutablePersistable = MutablePersistableRecord

/// The earlier name of ``PersistableRecord``.
@available(*, deprecated, renamed: "PersistableRecord")
public typealias Persistable = PersistableRecord

/// The earlier name of ``RecordError``.
@available(*, deprecated, renamed: "RecordError")
public typealias PersistenceError = RecordError
