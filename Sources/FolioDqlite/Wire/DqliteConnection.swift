import Folio

/// One protocol connection to one dqlite node: the handshake, then one
/// request at a time, each answered by one response (several for a large
/// result set).
///
/// A connection opens at most one database (dqlite 1.11 takes one per
/// connection). It keeps the statements it prepared on the node, by SQL
/// text (`statementIDs`), so that a statement that runs again is sent as
/// its id and its parameters only. Once a request fails below SQLite (the
/// node closed the connection, a timeout, a malformed response), the
/// connection is `isBroken` and is not used again.
///
/// Not thread-safe: its owner (``DqliteDatabase``'s executor) uses it
/// from one thread at a time.
final class DqliteConnection {
    /// The node's address, as given ("127.0.0.1:9001").
    let address: String
    private let socket: DqliteSocket
    private var encoder = DqliteMessageEncoder()
    private var receiveBuffer: [UInt8] = Array(repeating: 0, count: 4096)
    private var rowTypes: [UInt8] = []
    private var databaseID: UInt32?
    private var statementIDs: [String: UInt32] = [:]

    /// The number of ROWS responses of the last query (the node sends a
    /// large result set in several).
    private(set) var lastQueryResponseCount = 0

    /// True once a request failed below SQLite: the connection is dropped.
    private(set) var isBroken = false

    /// Connects and writes the protocol version.
    init(address: String, timeouts: DqliteConfiguration) throws {
        self.address = address
        socket = try DqliteSocket(
            address: address,
            connectTimeout: timeouts.connectTimeout,
            requestTimeout: timeouts.requestTimeout)
        withUnsafeBytes(of: DqliteProtocol.version.littleEndian) { version in
            do { try socket.write(version) } catch { isBroken = true }
        }
        if isBroken {
            throw DqliteError.connectionFailed("\(address): the handshake could not be written")
        }
    }

    /// Closes the connection.
    func close() {
        socket.close()
        isBroken = true
    }

    // MARK: - Cluster requests

    /// The leader this node knows of: its id and address, or nil when the
    /// node knows of none (an election runs, or there is no quorum).
    func leader() throws -> (id: UInt64, address: String)? {
        encoder.start()
        encoder.putUInt64(0)
        return try call(.leader, sql: nil, arguments: []) { type, decoder throws in
            try Self.expect(type, .server)
            let id = try decoder.uint64()
            let address = try decoder.text()
            return address.isEmpty ? nil : (id, address)
        }
    }

    /// Registers the client with the node (dqlite's CLIENT request).
    func registerClient(id: UInt64) throws {
        encoder.start()
        encoder.putUInt64(id)
        try call(.client, sql: nil, arguments: []) { type, decoder throws in
            try Self.expect(type, .welcome)
            _ = try decoder.uint64()
        }
    }

    /// The nodes of the cluster, with their roles.
    func cluster() throws -> [DqliteServer] {
        encoder.start()
        encoder.putUInt64(DqliteProtocol.clusterFormatWithRoles)
        return try call(.cluster, sql: nil, arguments: []) { type, decoder throws in
            try Self.expect(type, .servers)
            let count = try decoder.uint64()
            var servers: [DqliteServer] = []
            for _ in 0..<min(count, 1000) {
                let id = try decoder.uint64()
                let address = try decoder.text()
                let role = try decoder.uint64()
                servers.append(DqliteServer(id: id, address: address, role: DqliteServer.Role(code: role)))
            }
            return servers
        }
    }

    // MARK: - Database requests

    /// Opens `name` (created on first use) for the requests that follow.
    func open(database name: String) throws {
        encoder.start()
        encoder.putText(name)
        encoder.putUInt64(0)
        encoder.putText("volatile")
        databaseID = try call(.open, sql: nil, arguments: []) { type, decoder throws in
            try Self.expect(type, .db)
            return try decoder.uint32()
        }
    }

    /// Runs a statement that returns no rows, on the leader.
    func exec(sql: String, arguments: [DatabaseValue], prepared: Bool) throws -> (lastInsertedRowID: Int64, changes: Int) {
        let isPrepared = try encodeStatement(sql: sql, arguments: arguments, prepared: prepared)
        return try call(isPrepared ? .exec : .execSQL, sql: sql, arguments: arguments, decodeResult)
    }

    /// Runs a statement that returns rows, on the leader, and returns its
    /// column names and values (row-major), read from as many responses
    /// as the node sends.
    func query(sql: String, arguments: [DatabaseValue], prepared: Bool) throws -> (columnNames: [String], values: [DatabaseValue]) {
        let isPrepared = try encodeStatement(sql: sql, arguments: arguments, prepared: prepared)
        return try queryRows(isPrepared ? .query : .querySQL, sql: sql, arguments: arguments)
    }

    /// Encodes the body of an EXEC or QUERY request: the statement that
    /// the node prepared for `sql` when `prepared` is true (prepared now if
    /// needed), or the SQL itself (EXEC_SQL, QUERY_SQL), then the
    /// arguments. Returns whether the body names a prepared statement.
    private func encodeStatement(sql: String, arguments: [DatabaseValue], prepared: Bool) throws -> Bool {
        try DqliteParameters.check(arguments, sql: sql)
        let databaseID = try openedDatabaseID()
        encoder.start()
        if prepared, let statementID = try statementID(sql: sql, arguments: arguments) {
            encoder.putUInt32(databaseID)
            encoder.putUInt32(statementID)
            encoder.putParameters(arguments)
            return true
        }
        encoder.putUInt64(UInt64(databaseID))
        encoder.putText(sql)
        encoder.putParameters(arguments)
        return false
    }

    private func openedDatabaseID() throws -> UInt32 {
        guard let databaseID else {
            throw DqliteError.protocolViolation("no database is open on the connection to \(address)")
        }
        return databaseID
    }

    /// The id of the statement prepared for `sql` on the node, prepared
    /// now if needed. Leaves the encoder started for the next request.
    private func statementID(sql: String, arguments: [DatabaseValue]) throws -> UInt32? {
        if let statementID = statementIDs[sql] {
            return statementID
        }
        let databaseID = try openedDatabaseID()
        if statementIDs.count >= Self.maximumPreparedStatements {
            // Many distinct SQL texts (generated SQL): start again rather
            // than keep statements on the node without bound.
            try finalizeAll(databaseID: databaseID)
            encoder.start()
        }
        encoder.putUInt64(UInt64(databaseID))
        encoder.putText(sql)
        let statementID = try call(.prepare, sql: sql, arguments: arguments) { type, decoder throws in
            try Self.expect(type, .stmt)
            _ = try decoder.uint32()
            return try decoder.uint32()
        }
        statementIDs[sql] = statementID
        encoder.start()
        return statementID
    }

    /// The most statements kept prepared on the node.
    static let maximumPreparedStatements = 256

    /// Finalizes the statements prepared on the node (FINALIZE).
    private func finalizeAll(databaseID: UInt32) throws {
        let statements = statementIDs
        statementIDs = [:]
        for (sql, statementID) in statements {
            encoder.start()
            encoder.putUInt32(databaseID)
            encoder.putUInt32(statementID)
            try call(.finalize, sql: sql, arguments: []) { type, decoder in
                try Self.expect(type, .empty)
                _ = try decoder.uint64()
            }
        }
    }

    private func decodeResult(
        _ type: DqliteProtocol.Response, _ decoder: inout DqliteMessageDecoder
    ) throws -> (lastInsertedRowID: Int64, changes: Int) {
        try Self.expect(type, .result)
        let lastInsertedRowID = Int64(bitPattern: try decoder.uint64())
        let changes = Int(truncatingIfNeeded: try decoder.uint64())
        return (lastInsertedRowID, changes)
    }

    private func queryRows(
        _ request: DqliteProtocol.Request, sql: String, arguments: [DatabaseValue]
    ) throws -> (columnNames: [String], values: [DatabaseValue]) {
        var columnNames: [String] = []
        var values: [DatabaseValue] = []
        var more = try call(request, sql: sql, arguments: arguments) { type, decoder throws in
            try decodeRows(type, &decoder, columnNames: &columnNames, values: &values)
        }
        lastQueryResponseCount = 1
        while more {
            lastQueryResponseCount += 1
            more = try receive(sql: sql, arguments: arguments) { type, decoder throws in
                try decodeRows(type, &decoder, columnNames: &columnNames, values: &values)
            }
        }
        return (columnNames, values)
    }

    /// Decodes one ROWS response into `values`; returns whether another
    /// response follows (the PART marker).
    private func decodeRows(
        _ type: DqliteProtocol.Response,
        _ decoder: inout DqliteMessageDecoder,
        columnNames: inout [String],
        values: inout [DatabaseValue]
    ) throws -> Bool {
        try Self.expect(type, .rows)
        // Each response repeats the column count and names.
        let columnCount = Int(truncatingIfNeeded: try decoder.uint64())
        guard columnCount >= 0 && columnCount < 32768 else {
            throw DqliteError.protocolViolation("a ROWS response has \(columnCount) columns")
        }
        if columnNames.isEmpty {
            columnNames.reserveCapacity(columnCount)
            for _ in 0..<columnCount { columnNames.append(try decoder.text()) }
        } else {
            for _ in 0..<columnCount { try decoder.skipText() }
        }
        while true {
            let marker = try decoder.peekUInt64()
            if marker == DqliteProtocol.rowsDone { return false }
            if marker == DqliteProtocol.rowsPart { return true }
            try decoder.rowTypes(count: columnCount, into: &rowTypes)
            for code in rowTypes {
                values.append(try Self.decodeValue(code: code, &decoder))
            }
        }
    }

    private static func decodeValue(code: UInt8, _ decoder: inout DqliteMessageDecoder) throws -> DatabaseValue {
        switch DqliteProtocol.ValueType(rawValue: code) {
        case .integer, .unixTime, .boolean:
            return Int64(bitPattern: try decoder.uint64()).databaseValue
        case .float:
            return Double(bitPattern: try decoder.uint64()).databaseValue
        case .text:
            return try decoder.text().databaseValue
        case .iso8601:
            // dqlite sends the NULL of a DATETIME column as an empty text.
            let text = try decoder.text()
            return text.isEmpty ? .null : text.databaseValue
        case .blob:
            return try decoder.blob().databaseValue
        case .null:
            _ = try decoder.uint64()
            return .null
        case nil:
            throw DqliteError.protocolViolation("a row has a value of unknown type \(code)")
        }
    }

    // MARK: - Round trips

    private static func expect(_ type: DqliteProtocol.Response, _ expected: DqliteProtocol.Response) throws {
        if type != expected {
            throw DqliteError.protocolViolation("the node answered \(type) where \(expected) was expected")
        }
    }

    /// Sends the encoded body as a request of `type`, then decodes the
    /// response.
    private func call<T>(
        _ type: DqliteProtocol.Request,
        sql: String?,
        arguments: [DatabaseValue],
        _ decode: (DqliteProtocol.Response, inout DqliteMessageDecoder) throws -> T
    ) throws -> T {
        guard !isBroken else {
            throw DqliteError.connectionFailed("\(address): the connection is closed")
        }
        encoder.finish(type: type)
        do {
            try encoder.bytes.withUnsafeBytes { bytes throws in try socket.write(bytes) }
        } catch {
            isBroken = true
            throw error
        }
        return try receive(sql: sql, arguments: arguments, decode)
    }

    /// Reads one response; a FAILURE becomes a `DatabaseError`.
    private func receive<T>(
        sql: String?,
        arguments: [DatabaseValue],
        _ decode: (DqliteProtocol.Response, inout DqliteMessageDecoder) throws -> T
    ) throws -> T {
        do {
            let (type, size) = try readMessage()
            return try receiveBuffer.withUnsafeBytes { buffer in
                var decoder = DqliteMessageDecoder(body: UnsafeRawBufferPointer(rebasing: buffer[0..<size]))
                if type == DqliteProtocol.Response.failure.rawValue {
                    let code = try decoder.uint64()
                    let message = try decoder.text()
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: Int32(truncatingIfNeeded: code)),
                        message: message,
                        sql: sql,
                        arguments: arguments.isEmpty ? nil : StatementArguments(arguments))
                }
                guard let response = DqliteProtocol.Response(rawValue: type) else {
                    throw DqliteError.protocolViolation("unknown response type \(type)")
                }
                return try decode(response, &decoder)
            }
        } catch let error as DqliteError {
            isBroken = true
            throw error
        }
    }

    /// Reads the header and the body of a message into `receiveBuffer`;
    /// returns its type and the size of its body.
    private func readMessage() throws -> (type: UInt8, size: Int) {
        var header: UInt64 = 0
        try withUnsafeMutableBytes(of: &header) { bytes throws in
            try socket.read(into: bytes, count: 8)
        }
        header = UInt64(littleEndian: header)
        let words = Int(header & 0xffff_ffff)
        let type = UInt8(truncatingIfNeeded: header >> 32)
        let size = words * DqliteProtocol.wordSize
        guard words < (1 << 28) else {
            throw DqliteError.protocolViolation("a response of \(words) words")
        }
        if receiveBuffer.count < size {
            receiveBuffer = Array(repeating: 0, count: max(size, receiveBuffer.count * 2))
        }
        try receiveBuffer.withUnsafeMutableBytes { buffer throws in
            try socket.read(into: buffer, count: size)
        }
        return (type, size)
    }
}
