import Foundation

// The values of the keys given to `filter(key:)`, `fetchOne(_:id:)`,
// `deleteAll(_:ids:)`...: dates, UUIDs and data are encoded with the coding
// strategies of the record type, as the record encodes them, once the key
// column is known (strategies depend on the column, and the primary key
// column is only known from the schema, when SQL is generated).

/// A value of a primary or unique key.
enum RecordKeyValue: Sendable {
    /// A value that coding strategies do not change.
    case value(DatabaseValue)
    /// A date, encoded with `databaseDateEncodingStrategy(for:)`.
    case date(Date)
    /// A UUID, encoded with `databaseUUIDEncodingStrategy(for:)`.
    case uuid(UUID)
    /// Data, encoded with `databaseDataEncodingStrategy(for:)`.
    case data(Data)

    /// Wraps a key value. A nil optional is NULL.
    init(_ value: (any DatabaseValueConvertible)?) {
        guard let value else {
            self = .value(.null)
            return
        }
        // Compare metatypes before casting: a failed dynamic cast costs
        // much more, and most keys are integers or strings.
        let valueType = type(of: value)
        if valueType == Date.self || valueType == Date?.self, let date = value as? Date {
            self = .date(date)
        } else if valueType == UUID.self || valueType == UUID?.self, let uuid = value as? UUID {
            self = .uuid(uuid)
        } else if valueType == Data.self || valueType == Data?.self, let data = value as? Data {
            self = .data(data)
        } else {
            self = .value(value.databaseValue)
        }
    }

    /// Whether coding strategies may change the value.
    var dependsOnStrategies: Bool {
        if case .value = self { return false }
        return true
    }

    /// The value, as the record type encodes it in the column, or with the
    /// default encoding when there is no record type.
    func databaseValue(column: String, strategies: RecordKeyEncodingStrategies?) -> DatabaseValue {
        switch self {
        case .value(let value):
            return value
        case .date(let date):
            return strategies?.date(column).databaseValue(for: date) ?? date.databaseValue
        case .uuid(let uuid):
            return strategies?.uuid(column).databaseValue(for: uuid) ?? uuid.databaseValue
        case .data(let data):
            return strategies?.data(column).databaseValue(for: data) ?? data.databaseValue
        }
    }
}

/// The date, UUID and data coding strategies of an ``EncodableRecord``
/// type, for the keys of its requests.
///
/// `@unchecked Sendable`: it only holds a metatype, whose strategy methods
/// are called from the connection, as when records are encoded.
struct RecordKeyEncodingStrategies: @unchecked Sendable {
    private let recordType: any EncodableRecord.Type

    /// The strategies of a type, or nil when it is not an
    /// ``EncodableRecord`` (such as `Row`).
    init?(_ type: Any.Type) {
        guard let recordType = type as? any EncodableRecord.Type else { return nil }
        self.recordType = recordType
    }

    /// The strategies of a type, when some key value depends on them.
    static func of(_ type: Any.Type, for values: some Sequence<RecordKeyValue>) -> RecordKeyEncodingStrategies? {
        guard values.contains(where: \.dependsOnStrategies) else { return nil }
        return RecordKeyEncodingStrategies(type)
    }

    func date(_ column: String) -> DatabaseDateEncodingStrategy {
        recordType.databaseDateEncodingStrategy(for: column)
    }

    func uuid(_ column: String) -> DatabaseUUIDEncodingStrategy {
        recordType.databaseUUIDEncodingStrategy(for: column)
    }

    func data(_ column: String) -> DatabaseDataEncodingStrategy {
        recordType.databaseDataEncodingStrategy(for: column)
    }
}
