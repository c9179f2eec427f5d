import BenchSupport
import CSQLiteBench
import Foundation

// Workload 25: Northwind orders, read as a careful C programmer would:
// columns by index, dates parsed by hand, NULL checks for the optional
// columns.

struct Order {
    var orderID: Int64
    var customerID: String
    var employeeID: Int
    var orderDate: Date
    var requiredDate: Date
    var shippedDate: Date?
    var shipVia: Int
    var freight: Double
    var shipName: String
    var shipAddress: String
    var shipCity: String
    var shipRegion: String?
    var shipPostalCode: String?
    var shipCountry: String
}

@inline(__always)
private func text(_ statement: OpaquePointer, _ index: Int32) -> String {
    String(decoding: UnsafeBufferPointer(
        start: sqlite3_column_text(statement, index),
        count: Int(sqlite3_column_bytes(statement, index))), as: UTF8.self)
}

@inline(__always)
private func optionalText(_ statement: OpaquePointer, _ index: Int32) -> String? {
    sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : text(statement, index)
}

func fetchOrders(_ db: Connection) throws -> Int {
    let statement = try db.prepare(Fixture.selectOrders)
    defer { sqlite3_finalize(statement) }
    var orders: [Order] = []
    while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else { throw db.error(code, Fixture.selectOrders) }
        guard let orderDate = parseDate(statement, 3), let requiredDate = parseDate(statement, 4) else {
            throw SQLiteError(code: SQLITE_MISMATCH, message: "bad date", sql: Fixture.selectOrders)
        }
        orders.append(Order(
            orderID: sqlite3_column_int64(statement, 0),
            customerID: text(statement, 1),
            employeeID: Int(sqlite3_column_int64(statement, 2)),
            orderDate: orderDate,
            requiredDate: requiredDate,
            shippedDate: parseDate(statement, 5),
            shipVia: Int(sqlite3_column_int64(statement, 6)),
            freight: sqlite3_column_double(statement, 7),
            shipName: text(statement, 8),
            shipAddress: text(statement, 9),
            shipCity: text(statement, 10),
            shipRegion: optionalText(statement, 11),
            shipPostalCode: optionalText(statement, 12),
            shipCountry: text(statement, 13)))
    }
    return ordersChecksum(orders)
}

/// The checksum that the three implementations of workload 25 return.
private func ordersChecksum(_ orders: [Order]) -> Int {
    var sum = 0
    for order in orders {
        sum &+= Int(order.orderID) &+ order.employeeID &* 3 &+ order.shipVia &* 5 &+ Int(order.freight * 4)
        sum &+= order.customerID.utf8.count &+ order.shipName.utf8.count &+ order.shipAddress.utf8.count
        sum &+= order.shipCity.utf8.count &+ order.shipCountry.utf8.count
        sum &+= (order.shipRegion?.utf8.count ?? 7) &+ (order.shipPostalCode?.utf8.count ?? 11)
        sum &+= Int(order.orderDate.timeIntervalSince1970) &+ Int(order.requiredDate.timeIntervalSince1970)
        sum &+= Int((order.shippedDate?.timeIntervalSince1970 ?? 13) * 2)
    }
    return sum
}
