// Workload 25: the shape of the Northwind `orders` table that Lighter's
// and sqlite-data's benchmarks fetch (14 columns: integers, texts, a
// double, three dates of which one is NULL in a third of the rows, two
// optional texts).

extension Size {
    /// Workload 25: the rows of the `orders` table.
    public static var orders: Int { max(1, 15_000 / divisor) }
}

extension Fixture {
    public static let createOrders = """
        CREATE TABLE orders (
          OrderID INTEGER PRIMARY KEY,
          CustomerID TEXT NOT NULL,
          EmployeeID INTEGER NOT NULL,
          OrderDate DATETIME NOT NULL,
          RequiredDate DATETIME NOT NULL,
          ShippedDate DATETIME,
          ShipVia INTEGER NOT NULL,
          Freight DOUBLE NOT NULL,
          ShipName TEXT NOT NULL,
          ShipAddress TEXT NOT NULL,
          ShipCity TEXT NOT NULL,
          ShipRegion TEXT,
          ShipPostalCode TEXT,
          ShipCountry TEXT NOT NULL)
        """

    /// Dates are stored as GRDB and Folio store them
    /// (`YYYY-MM-DD HH:MM:SS.SSS`, UTC).
    public static var fillOrders: String { """
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(Size.orders))
        INSERT INTO orders SELECT x,
          'CUST' || (x % 91),
          1 + x % 9,
          strftime('%Y-%m-%d %H:%M:%f', 830000000 + x * 3600, 'unixepoch'),
          strftime('%Y-%m-%d %H:%M:%f', 832000000 + x * 3600, 'unixepoch'),
          CASE WHEN x % 3 = 0 THEN NULL ELSE strftime('%Y-%m-%d %H:%M:%f', 831000000 + x * 3600.5, 'unixepoch') END,
          1 + x % 3,
          (x % 1000) * 1.25,
          'Ship name ' || x,
          x || ' Harbour Street',
          'City ' || (x % 70),
          CASE WHEN x % 2 = 0 THEN NULL ELSE 'Region ' || (x % 5) END,
          CASE WHEN x % 7 = 0 THEN NULL ELSE printf('%05d', x % 100000) END,
          'Country ' || (x % 21)
        FROM c
        """ }

    public static let selectOrders = "SELECT * FROM orders"
}
