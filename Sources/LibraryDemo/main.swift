// library-demo: a session with the Library sample module, step by step.
//
//     swift run library-demo [--trace] [path]
//
// It opens a database pool on a new file (in the temporary folder, or at
// the path you give), migrates it, writes authors and books, updates and
// deletes some, queries them with associations, observes a value while
// another task writes, and reads from the pool concurrently. With
// --trace, it prints the SQL of each step.

import Folio
import Foundation
import Library

let usage = """
    usage: library-demo [--trace] [path]

    Runs a session of the Library sample on a new database file, at path or
    in the temporary folder, and prints what each step does.

      --trace   print the SQL that each step runs
    """

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("-h") || arguments.contains("--help") {
    print(usage)
    exit(0)
}
let trace = arguments.contains("--trace")
arguments.removeAll { $0 == "--trace" }
guard arguments.count <= 1, arguments.allSatisfy({ !$0.hasPrefix("-") }) else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}
let path = arguments.first
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("folio-library-demo-\(getpid()).sqlite").path

/// Prints the title of a step.
func step(_ number: Int, _ title: String) {
    print("\n\(number). \(title)")
}

do {
    // A new file: the session starts from an empty database.
    for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix) // a missing file is fine
    }
    var config = Configuration()
    if trace {
        config.prepareDatabase { db in
            db.trace { print("   SQL> \($0)") }
        }
    }
    let dbPool = try DatabasePool(path: path, configuration: config)

    step(1, "Open a pool at \(path), and migrate it")
    let manager = try LibraryManager(dbWriter: dbPool)

    step(2, "Insert authors and their books, each author in one transaction")
    let herbert = try manager.addAuthor(Author(name: "Frank Herbert", country: "United States"),
                                        bookTitles: ["Dune Messiah", "Children of Dune"])
    let calvino = try manager.addAuthor(Author(name: "Italo Calvino", country: "Italy"),
                                        bookTitles: ["Invisible Cities", "The Baron in the Trees"])
    let anonymous = try manager.addAuthor(Author(name: "Anonymous"), bookTitles: ["Beowulf"])
    print("   inserted 3 authors (ids \(herbert.author.id!), \(calvino.author.id!), \(anonymous.author.id!)) and 5 books")

    step(3, "Insert many authors in one statement: insertAll sets their ids (GRDB has no such API)")
    var poets = [Author(name: "Wisława Szymborska", country: "Poland"), Author(name: "Fernando Pessoa", country: "Portugal")]
    try dbPool.write { db in try poets.insertAll(db) }
    print("   inserted \(poets.map(\.name).joined(separator: " and ")), ids \(poets.compactMap(\.id))")

    step(4, "Update a book: its title, and its modification date")
    if let renamed = try manager.renameBook(bookId: herbert.books[0].id!, title: "Dune") {
        print("   book \(renamed.id!) is now \"\(renamed.title)\"")
    }

    step(5, "Delete an author: the schema deletes their books too")
    let deleted = try manager.deleteAuthor(authorId: anonymous.author.id!)
    print("   deleted: \(deleted)")

    step(6, "Query with associations")
    for item in try manager.authorList() {
        print("   \(item.author.name) (\(item.author.country ?? "-")): \(item.bookCount) book(s)")
    }
    if let info = try manager.authorInfo(authorId: calvino.author.id!) {
        print("   books of \(info.author.name): \(info.books.map(\.title).joined(separator: ", "))")
    }
    print("   authors from Italy with books: \(try manager.authorsWithBooks(from: "Italy").map(\.name))")

    step(7, "Observe the number of books while another task writes")
    let observation = ValueObservation.tracking { db in try Book.fetchCount(db) }
    let writer = Task {
        for title in ["God Emperor of Dune", "Heretics of Dune"] {
            try await dbPool.write { db in
                var book = Book(authorId: herbert.author.id!, title: title)
                try book.insert(db)
            }
        }
    }
    for try await count in observation.values(in: dbPool) {
        print("   observed: \(count) books")
        if count == 6 { break }
    }
    try await writer.value

    step(8, "Read from the pool concurrently: each read sees one snapshot")
    async let titles = dbPool.read { db in try String.fetchAll(db, sql: "SELECT title FROM book ORDER BY title") }
    async let countries = dbPool.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT country FROM author WHERE country IS NOT NULL ORDER BY country") }
    let (allTitles, allCountries) = try await (titles, countries)
    print("   \(allTitles.count) titles, from \(allCountries.joined(separator: " and "))")

    try dbPool.close()
    for suffix in ["", "-wal", "-shm"] where arguments.isEmpty {
        try? FileManager.default.removeItem(atPath: path + suffix) // the temporary file is not needed any more
    }
    print("\nDone.")
} catch {
    FileHandle.standardError.write(Data("library-demo: \(error)\n".utf8))
    exit(1)
}
