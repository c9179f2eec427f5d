import CSQLite
import Foundation

// The eponymous virtual table `folio_remote` that the substitutes of
// remote statements read (see `RemoteStatement.swift`):
//
//     SELECT c0 AS "id", c1 AS "name" FROM folio_remote
//     WHERE token = <token> AND a1 IS ?1 AND a2 IS :name
//
// Its columns are `c0`, `c1`... (the result columns), then the hidden
// columns `token`, `a1`, `a2`... (the arguments). `xBestIndex` takes
// every argument as a constraint consumed by the table (SQLite checks the
// constraints after the 16th again: `xColumn` returns the arguments for
// the hidden columns, and `IS` holds for NULL too); `xFilter` receives the token and the bound
// values, runs the statement remotely (`RemoteConnection.execute`), and
// the cursor serves the rows of the result. A failed execution keeps its
// error in the `RemoteConnection`, which the step of the statement throws
// (`Statement.stepFailure`).
//
// The table and cursor are C structures followed by a pointer to their
// Swift object, as SQLite lets virtual tables extend them.

extension RemoteConnection {
    /// Registers the virtual table on the connection.
    func registerModule(on connection: SQLiteConnection) throws {
        let context = Unmanaged.passRetained(self).toOpaque()
        let code = sqlite3_create_module_v2(connection, Self.moduleName, remoteModule, context) { context in
            if let context { Unmanaged<RemoteConnection>.fromOpaque(context).release() }
        }
        guard code == SQLITE_OK else {
            throw DatabaseError.lastError(connection, code: code)
        }
    }

    /// The schema of the virtual table.
    var virtualTableSchema: String {
        var columns = (0..<resultColumnCount).map { "c\($0)" }
        columns.append("token HIDDEN")
        for index in 0..<argumentColumnCount {
            columns.append("a\(index + 1) HIDDEN")
        }
        return "CREATE TABLE x(\(columns.joined(separator: ", ")))"
    }
}

/// The rows of one remote execution.
private final class RemoteCursor {
    unowned let connection: RemoteConnection
    var values: [DatabaseValue] = []
    var columnCount = 0
    var rowCount = 0
    var row = 0
    var arguments: [DatabaseValue] = []
    var token: Int64 = 0

    init(connection: RemoteConnection) {
        self.connection = connection
    }
}

private let tableSize = MemoryLayout<sqlite3_vtab>.stride
private let cursorSize = MemoryLayout<sqlite3_vtab_cursor>.stride

private func connection(of table: UnsafeMutablePointer<sqlite3_vtab>) -> RemoteConnection {
    let slot = UnsafeMutableRawPointer(table).load(fromByteOffset: tableSize, as: UnsafeMutableRawPointer.self)
    return Unmanaged<RemoteConnection>.fromOpaque(slot).takeUnretainedValue()
}

private func remoteCursor(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>) -> RemoteCursor {
    let slot = UnsafeMutableRawPointer(cursor).load(fromByteOffset: cursorSize, as: UnsafeMutableRawPointer.self)
    return Unmanaged<RemoteCursor>.fromOpaque(slot).takeUnretainedValue()
}

/// Sets the error message of the virtual table.
private func setErrorMessage(_ message: String, on table: UnsafeMutablePointer<sqlite3_vtab>) {
    sqlite3_free(table.pointee.zErrMsg)
    table.pointee.zErrMsg = message.withCString { text in
        let count = strlen(text) + 1
        guard let copy = sqlite3_malloc64(sqlite3_uint64(count)) else { return nil }
        memcpy(copy, text, count)
        return copy.assumingMemoryBound(to: CChar.self)
    }
}

/// The module: eponymous only (no `xCreate`), read only.
nonisolated(unsafe) private let remoteModule: UnsafeMutablePointer<sqlite3_module> = {
    let module = UnsafeMutablePointer<sqlite3_module>.allocate(capacity: 1)
    module.initialize(to: sqlite3_module())
    module.pointee.iVersion = 1
    module.pointee.xConnect = { db, context, _, _, tablePointer, _ in
        guard let db, let context, let tablePointer else { return SQLITE_ERROR }
        let connection = Unmanaged<RemoteConnection>.fromOpaque(context).takeUnretainedValue()
        let code = sqlite3_declare_vtab(db, connection.virtualTableSchema)
        guard code == SQLITE_OK else { return code }
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: tableSize + MemoryLayout<UnsafeMutableRawPointer>.stride,
            alignment: MemoryLayout<UnsafeMutableRawPointer>.alignment)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: tableSize)
        raw.storeBytes(of: context, toByteOffset: tableSize, as: UnsafeMutableRawPointer.self)
        tablePointer.pointee = raw.assumingMemoryBound(to: sqlite3_vtab.self)
        return SQLITE_OK
    }
    module.pointee.xBestIndex = { table, info in
        guard let table, let info else { return SQLITE_ERROR }
        let connection = connection(of: table)
        let firstHidden = CInt(connection.resultColumnCount)
        var argumentCount: CInt = 0
        for index in 0..<Int(info.pointee.nConstraint) {
            let constraint = info.pointee.aConstraint[index]
            guard constraint.iColumn >= firstHidden else { continue }
            guard constraint.usable != 0,
                  constraint.op == UInt8(SQLITE_INDEX_CONSTRAINT_EQ) || constraint.op == UInt8(SQLITE_INDEX_CONSTRAINT_IS)
            else {
                // The arguments must all be known: no other plan works.
                return SQLITE_CONSTRAINT
            }
            let argvIndex = constraint.iColumn - firstHidden + 1
            info.pointee.aConstraintUsage[index].argvIndex = argvIndex
            info.pointee.aConstraintUsage[index].omit = 1
            argumentCount = max(argumentCount, argvIndex)
        }
        info.pointee.idxNum = argumentCount
        info.pointee.estimatedCost = 1
        return SQLITE_OK
    }
    module.pointee.xDisconnect = { table in
        UnsafeMutableRawPointer(table)?.deallocate()
        return SQLITE_OK
    }
    module.pointee.xOpen = { table, cursorPointer in
        guard let table, let cursorPointer else { return SQLITE_ERROR }
        let state = RemoteCursor(connection: connection(of: table))
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: cursorSize + MemoryLayout<UnsafeMutableRawPointer>.stride,
            alignment: MemoryLayout<UnsafeMutableRawPointer>.alignment)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: cursorSize)
        raw.storeBytes(
            of: Unmanaged.passRetained(state).toOpaque(), toByteOffset: cursorSize,
            as: UnsafeMutableRawPointer.self)
        cursorPointer.pointee = raw.assumingMemoryBound(to: sqlite3_vtab_cursor.self)
        return SQLITE_OK
    }
    module.pointee.xClose = { cursor in
        guard let cursor else { return SQLITE_OK }
        let slot = UnsafeMutableRawPointer(cursor).load(fromByteOffset: cursorSize, as: UnsafeMutableRawPointer.self)
        Unmanaged<RemoteCursor>.fromOpaque(slot).release()
        UnsafeMutableRawPointer(cursor).deallocate()
        return SQLITE_OK
    }
    module.pointee.xFilter = { cursor, _, _, argc, argv in
        guard let cursor else { return SQLITE_ERROR }
        let state = remoteCursor(cursor)
        state.values = []
        state.rowCount = 0
        state.row = 0
        guard argc >= 1, let argv, let tokenValue = argv[0] else { return SQLITE_ERROR }
        let token = sqlite3_value_int64(tokenValue)
        var arguments: [DatabaseValue] = []
        arguments.reserveCapacity(Int(argc) - 1)
        for index in 1..<Int(argc) {
            arguments.append(argv[index].map { DatabaseValue(sqliteValue: $0) } ?? .null)
        }
        state.token = token
        state.arguments = arguments
        do {
            let (remote, result) = try state.connection.execute(token: token, arguments: arguments)
            if remote.returnsRows, !result.columnNames.isEmpty {
                state.columnCount = result.columnNames.count
                state.values = result.values
                state.rowCount = result.values.count / result.columnNames.count
            }
            return SQLITE_OK
        } catch {
            state.connection.setFailure(error, token: token)
            if let table = cursor.pointee.pVtab {
                setErrorMessage((error as? DatabaseError)?.message ?? "\(error)", on: table)
            }
            return SQLITE_ERROR
        }
    }
    module.pointee.xNext = { cursor in
        guard let cursor else { return SQLITE_ERROR }
        remoteCursor(cursor).row += 1
        return SQLITE_OK
    }
    module.pointee.xEof = { cursor in
        guard let cursor else { return 1 }
        let state = remoteCursor(cursor)
        return state.row >= state.rowCount ? 1 : 0
    }
    module.pointee.xColumn = { cursor, context, column in
        guard let cursor else { return SQLITE_ERROR }
        let state = remoteCursor(cursor)
        let column = Int(column)
        if column < state.columnCount {
            DatabaseFunction.setResult(state.values[state.row * state.columnCount + column], context: context)
            return SQLITE_OK
        }
        let firstHidden = state.connection.resultColumnCount
        if column == firstHidden {
            sqlite3_result_int64(context, state.token)
        } else if column > firstHidden, column - firstHidden - 1 < state.arguments.count {
            DatabaseFunction.setResult(state.arguments[column - firstHidden - 1], context: context)
        } else {
            sqlite3_result_null(context)
        }
        return SQLITE_OK
    }
    module.pointee.xRowid = { cursor, rowID in
        guard let cursor, let rowID else { return SQLITE_ERROR }
        rowID.pointee = sqlite3_int64(remoteCursor(cursor).row)
        return SQLITE_OK
    }
    return module
}()
