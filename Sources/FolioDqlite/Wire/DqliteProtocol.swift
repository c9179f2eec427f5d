// The numbers of dqlite's wire protocol, version 1 (dqlite 1.11): the
// message types, the value types of tuples, the markers of ROWS responses
// and the extended result codes of a lost leader.
//
// A message is an 8-byte header (the body's length in 8-byte words as a
// little-endian UInt32, the type, a revision byte, two unused bytes)
// followed by a body padded to a multiple of 8 bytes. Integers are
// little-endian; a text is UTF-8 ending with a NUL byte, padded with NUL
// bytes to a multiple of 8; a blob is its length (UInt64) and its bytes,
// padded the same way.

/// The constants of dqlite's wire protocol.
enum DqliteProtocol {
    /// The version a client writes (8 bytes) right after connecting.
    static let version: UInt64 = 1

    /// The size of a message header, and the unit of every body.
    static let wordSize = 8

    /// The request types (the fifth byte of the header).
    enum Request: UInt8 {
        case leader = 0
        case client = 1
        case open = 3
        case prepare = 4
        case exec = 5
        case query = 6
        case finalize = 7
        case execSQL = 8
        case querySQL = 9
        case interrupt = 10
        case cluster = 16
    }

    /// The response types.
    enum Response: UInt8 {
        case failure = 0
        case server = 1
        case welcome = 2
        case servers = 3
        case db = 4
        case stmt = 5
        case result = 6
        case rows = 7
        case empty = 8
    }

    /// The type codes of the values of a tuple: SQLite's five, and the
    /// three that dqlite adds for the columns declared DATETIME, DATE,
    /// TIMESTAMP (UNIXTIME for an integer, ISO8601 for a text or NULL) and
    /// BOOLEAN.
    enum ValueType: UInt8 {
        case integer = 1
        case float = 2
        case text = 3
        case blob = 4
        case null = 5
        case unixTime = 9
        case iso8601 = 10
        case boolean = 11
    }

    /// The word that ends a ROWS response whose result set is complete.
    static let rowsDone: UInt64 = 0xffff_ffff_ffff_ffff

    /// The word that ends a ROWS response followed by another one.
    static let rowsPart: UInt64 = 0xeeee_eeee_eeee_eeee

    /// The format of CLUSTER with the role of each node.
    static let clusterFormatWithRoles: UInt64 = 1

    /// The most parameters a statement takes in dqlite 1.11: their count
    /// is one byte of the tuple header.
    static let maximumParameterCount = 255

    /// `SQLITE_IOERR_NOT_LEADER`: the node is not the leader.
    static let notLeader: Int32 = 10 | (40 << 8)

    /// `SQLITE_IOERR_LEADERSHIP_LOST`: the node lost the leadership while
    /// it replicated the transaction.
    static let leadershipLost: Int32 = 10 | (41 << 8)
}
