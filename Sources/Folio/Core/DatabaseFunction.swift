import CSQLite
import Foundation

/// A custom SQL function, written in Swift.
///
/// ```swift
/// let reverse = DatabaseFunction("reverse", argumentCount: 1, pure: true) { values in
///     guard let string = String.fromDatabaseValue(values[0]) else { return nil }
///     return String(string.reversed())
/// }
/// db.add(function: reverse)
/// let name = try String.fetchOne(db, sql: "SELECT reverse('foo')") // "oof"
/// ```
///
/// Aggregate functions adopt ``DatabaseAggregate``:
///
/// ```swift
/// struct MySum: DatabaseAggregate {
///     var sum: Int = 0
///     mutating func step(_ values: [DatabaseValue]) throws {
///         sum += Int.fromDatabaseValue(values[0]) ?? 0
///     }
///     func finalize() throws -> (any DatabaseValueConvertible)? { sum }
/// }
/// db.add(function: DatabaseFunction("mysum", argumentCount: 1, aggregate: MySum.self))
/// ```
///
/// An error thrown by the function makes the SQL statement fail with a
/// ``DatabaseError``. A thrown `DatabaseError` gives its result code and
/// message (SQLite's text for the code when it has no message, such as
/// "unknown error"); other errors give `SQLITE_ERROR` and their
/// description.
///
/// See <https://www.sqlite.org/c3ref/create_function.html>.
public final class DatabaseFunction: Hashable, Identifiable, Sendable {
    /// The identifier of an SQL function: SQLite identifies functions by
    /// their name (case-insensitive) and their number of arguments.
    ///
    /// ```swift
    /// let f1 = DatabaseFunction("f", argumentCount: 1) { _ in nil }
    /// let f2 = DatabaseFunction("F", argumentCount: 1) { _ in 1 }
    /// f1.id == f2.id // true: adding f2 replaces f1
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/create_function.html>.
    public struct ID: Hashable, Sendable {
        /// The name, compared as SQLite compares names: byte for byte,
        /// ignoring the case of ASCII letters.
        private let name: DatabaseNameKey

        /// The number of arguments, or nil for any number.
        private let argumentCount: Int?

        init(name: String, argumentCount: Int?) {
            self.name = DatabaseNameKey(name)
            self.argumentCount = argumentCount
        }
    }

    /// The identifier of the function: its name and its number of
    /// arguments.
    ///
    /// ```swift
    /// var functions: [DatabaseFunction.ID: DatabaseFunction] = [:]
    /// functions[myFunction.id] = myFunction
    /// ```
    public let id: ID

    /// The name of the function in SQL.
    ///
    /// ```swift
    /// let sql = "SELECT \(myFunction.name)(name) FROM player"
    /// ```
    public var name: String { _name }

    private let _name: String

    /// The number of arguments, or nil for any number.
    let argumentCount: Int?

    /// The number of arguments for `sqlite3_create_function_v2`: -1 for
    /// any number. Out-of-range counts are clamped, and SQLite rejects
    /// them.
    var sqliteArgumentCount: CInt {
        argumentCount.map { CInt(clamping: $0) } ?? -1
    }

    /// Whether the function always returns the same result for the same
    /// arguments (`SQLITE_DETERMINISTIC`).
    let isPure: Bool

    let kind: Kind

    enum Kind: Sendable {
        case function(@Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?)
        case aggregate(@Sendable () -> any DatabaseAggregate)
    }

    /// Creates a scalar function.
    ///
    /// - Parameters:
    ///   - name: The name of the function in SQL.
    ///   - argumentCount: The number of arguments, or nil for any number.
    ///   - pure: Whether the function is deterministic, so that SQLite can
    ///     use it in indexes and optimize calls. Default: false.
    ///   - function: The implementation, which receives the arguments and
    ///     returns a value, or nil for NULL.
    public convenience init(
        _ name: String,
        argumentCount: Int? = nil,
        pure: Bool = false,
        function: @escaping @Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?)
    {
        self.init(name: name, argumentCount: argumentCount, pure: pure, kind: .function(function))
    }

    /// Creates an aggregate function.
    ///
    /// - Parameters:
    ///   - name: The name of the function in SQL.
    ///   - argumentCount: The number of arguments, or nil for any number.
    ///   - pure: Whether the function is deterministic.
    ///   - aggregate: The type that computes the aggregate; a new value is
    ///     created for each group.
    public init<Aggregate: DatabaseAggregate>(
        _ name: String,
        argumentCount: Int? = nil,
        pure: Bool = false,
        aggregate: Aggregate.Type)
    {
        let factory = AggregateFactory(type: aggregate)
        self.id = ID(name: name, argumentCount: argumentCount)
        self._name = name
        self.argumentCount = argumentCount
        self.isPure = pure
        self.kind = .aggregate { factory.type.init() }
    }

    private init(name: String, argumentCount: Int?, pure: Bool, kind: Kind) {
        self.id = ID(name: name, argumentCount: argumentCount)
        self._name = name
        self.argumentCount = argumentCount
        self.isPure = pure
        self.kind = kind
    }

    /// Functions are identified by name (case-insensitive) and argument
    /// count: they are equal when their ``id`` are.
    public static func == (lhs: DatabaseFunction, rhs: DatabaseFunction) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the ``id``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    var encoding: CInt {
        SQLITE_UTF8 | (isPure ? SQLITE_DETERMINISTIC : 0)
    }
}

extension Database {
    /// Adds a custom SQL function, or replaces one with the same name and
    /// argument count.
    ///
    /// - Parameter function: A function.
    ///
    /// See <https://www.sqlite.org/c3ref/create_function.html>.
    public func add(function: DatabaseFunction) {
        guard let sqliteConnection else { return }
        customFunctions[function.id] = function
        // A remote engine does not know the function: a statement that
        // uses it fails when it is prepared (see `RemoteConnection`).
        if remote != nil { return }
        let box = Unmanaged.passRetained(FunctionBox(function)).toOpaque()
        let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
            if let pointer { Unmanaged<FunctionBox>.fromOpaque(pointer).release() }
        }
        switch function.kind {
        case .function:
            sqlite3_create_function_v2(
                sqliteConnection, function.name, function.sqliteArgumentCount, function.encoding, box,
                { context, argc, argv in
                    let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)!).takeUnretainedValue()
                    guard case let .function(body) = box.function.kind else { return }
                    do {
                        let result = try body(DatabaseFunction.arguments(argc, argv))
                        DatabaseFunction.setResult(result?.databaseValue ?? .null, context: context)
                    } catch {
                        DatabaseFunction.setError(error, context: context)
                    }
                }, nil, nil, destroy)
        case .aggregate:
            sqlite3_create_function_v2(
                sqliteConnection, function.name, function.sqliteArgumentCount, function.encoding, box, nil,
                { context, argc, argv in
                    guard let state = DatabaseFunction.aggregateState(context, create: true) else {
                        sqlite3_result_error_nomem(context)
                        return
                    }
                    do {
                        try state.aggregate.step(DatabaseFunction.arguments(argc, argv))
                    } catch {
                        state.failure = error
                    }
                },
                { context in
                    // No state when the aggregate saw no row.
                    let state = DatabaseFunction.aggregateState(context, create: true)
                    defer { DatabaseFunction.releaseAggregateState(context) }
                    guard let state else {
                        sqlite3_result_error_nomem(context)
                        return
                    }
                    if let failure = state.failure {
                        DatabaseFunction.setError(failure, context: context)
                        return
                    }
                    do {
                        let result = try state.aggregate.finalize()
                        DatabaseFunction.setResult(result?.databaseValue ?? .null, context: context)
                    } catch {
                        DatabaseFunction.setError(error, context: context)
                    }
                }, destroy)
        }
    }

    /// Removes a custom SQL function.
    ///
    /// - Parameter function: A function added with ``add(function:)``.
    public func remove(function: DatabaseFunction) {
        guard let sqliteConnection else { return }
        customFunctions[function.id] = nil
        sqlite3_create_function_v2(
            sqliteConnection, function.name, function.sqliteArgumentCount, function.encoding,
            nil, nil, nil, nil, nil)
    }
}

/// Carries an aggregate type into a Sendable closure.
///
/// `@unchecked Sendable`: a metatype is immutable, and the aggregate values
/// it creates live in one SQLite aggregate context, used by one connection
/// at a time.
struct AggregateFactory: @unchecked Sendable {
    let type: any DatabaseAggregate.Type
}

/// Keeps a function alive while SQLite may call it.
final class FunctionBox {
    let function: DatabaseFunction
    init(_ function: DatabaseFunction) { self.function = function }
}

/// The state of one aggregate computation.
final class AggregateState {
    var aggregate: any DatabaseAggregate
    var failure: (any Error)?
    init(_ aggregate: any DatabaseAggregate) { self.aggregate = aggregate }
}

extension DatabaseFunction {
    static func arguments(_ argc: CInt, _ argv: UnsafeMutablePointer<OpaquePointer?>?) -> [DatabaseValue] {
        (0..<Int(argc)).map { index in
            DatabaseValue(sqliteValue: argv![index]!)
        }
    }

    static func setResult(_ value: DatabaseValue, context: OpaquePointer?) {
        if let error = value.unrepresentableValueError(sql: nil) {
            setError(error, context: context)
            return
        }
        switch value.storage {
        case .null:
            sqlite3_result_null(context)
        case .int64(let int64):
            sqlite3_result_int64(context, int64)
        case .double(let double):
            sqlite3_result_double(context, double)
        case .string(var string):
            // The byte count, not -1: a string may hold NUL characters,
            // and -1 would cut it at the first one.
            // The 64-bit variant, so that a string too long for SQLite is
            // an SQLITE_TOOBIG error, not a trap when converting its length.
            string.withUTF8 { buffer in
                sqlite3_result_text64(
                    context,
                    UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                        .assumingMemoryBound(to: CChar.self),
                    UInt64(buffer.count), _folio_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        case .blob(let data):
            data.withUnsafeBytes { buffer in
                if let base = buffer.baseAddress, buffer.count > 0 {
                    sqlite3_result_blob64(context, base, UInt64(buffer.count), _folio_sqlite_transient())
                } else {
                    sqlite3_result_zeroblob(context, 0)
                }
            }
        }
    }

    /// Makes the statement that calls the function fail with an error.
    ///
    /// A ``DatabaseError`` sets its code, and its message, or SQLite's
    /// own text for the code when it has none (`sqlite3_errstr`: "unknown
    /// error" for a code SQLite does not know). Other errors fail with
    /// `SQLITE_ERROR` and their description.
    ///
    /// See <https://www.sqlite.org/c3ref/result_blob.html>.
    static func setError(_ error: any Error, context: OpaquePointer?) {
        if let error = error as? DatabaseError {
            let code = error.extendedResultCode.rawValue
            if let message = error.message {
                sqlite3_result_error(context, message, -1)
            } else {
                sqlite3_result_error(context, sqlite3_errstr(code), -1)
            }
            // After sqlite3_result_error, which resets the code to
            // SQLITE_ERROR.
            sqlite3_result_error_code(context, code)
        } else {
            sqlite3_result_error(context, "\(error)", -1)
        }
    }

    /// The aggregate state stored in SQLite's aggregate context.
    static func aggregateState(_ context: OpaquePointer?, create: Bool) -> AggregateState? {
        let size = create ? CInt(MemoryLayout<UnsafeMutableRawPointer?>.size) : 0
        guard let raw = sqlite3_aggregate_context(context, size) else { return nil }
        let slot = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        if let existing = slot.pointee {
            return Unmanaged<AggregateState>.fromOpaque(existing).takeUnretainedValue()
        }
        let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)!).takeUnretainedValue()
        guard case let .aggregate(make) = box.function.kind else { return nil }
        let state = AggregateState(make())
        slot.pointee = Unmanaged.passRetained(state).toOpaque()
        return state
    }

    static func releaseAggregateState(_ context: OpaquePointer?) {
        guard let raw = sqlite3_aggregate_context(context, 0) else { return }
        let slot = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        if let existing = slot.pointee {
            Unmanaged<AggregateState>.fromOpaque(existing).release()
            slot.pointee = nil
        }
    }
}

extension DatabaseValue {
    /// Reads an SQLite function argument.
    init(sqliteValue: OpaquePointer) {
        switch sqlite3_value_type(sqliteValue) {
        case SQLITE_NULL:
            self = .null
        case SQLITE_INTEGER:
            self.init(storage: .int64(sqlite3_value_int64(sqliteValue)))
        case SQLITE_FLOAT:
            self.init(storage: .double(sqlite3_value_double(sqliteValue)))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(sqliteValue))
            if let text = sqlite3_value_text(sqliteValue), count > 0 {
                self.init(storage: .string(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)))
            } else {
                self.init(storage: .string(""))
            }
        default:
            let count = Int(sqlite3_value_bytes(sqliteValue))
            if let bytes = sqlite3_value_blob(sqliteValue), count > 0 {
                self.init(storage: .blob(Data(bytes: bytes, count: count)))
            } else {
                self.init(storage: .blob(Data()))
            }
        }
    }
}
