import Foundation
import Testing

@testable import GlanceCore

/// Importer.read of a file's bytes as read from disk (`FileBytes`): a CSV file is parsed without
/// copying it into an array, and what the parse passed is let go (speed issue: a 180 MB sheet was
/// held twice while copied, then beside all its rows).
@Suite("Importer.read of a file as read")
struct ImportReadTests {
  static let today = Fixture.date("2025-06-01")

  /// What a plan says and adds, without the random ids of fresh readings.
  static func outcome(_ read: () throws -> ImportFile) -> String {
    do {
      let plan = try Importer.plan(
        read(), replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: .builtIn, today: today,
        now: Timestamp(Fixture.now))
      let entries = plan.entries.map { "\($0.markerID) \($0.dateOfService.iso) \($0.value) \($0.note ?? "-")" }
      return plan.summary(library: .builtIn, customMarkers: [], dryRun: true) + "\n" + entries.joined(separator: "\n")
    } catch {
      return "refused: \(error)"
    }
  }

  @Test(
    "a file read from disk imports exactly as the same bytes in memory",
    arguments: [
      "Date,Test,Result,Units,Comment\n15.01.2024,LDL,3.4,mmol/L,fasting\n15.01.2024,HDL,1.42,mmol/L,\n",
      "\u{FEFF}Date,HDL,LDL (mmol/L),BP\r\n2024-01-15,55,3.4,128/82\r\n2024-06-01,58,3.1,\r\n",
      "date;marker_key;value;note\n2024-01-15;hdl;55,5;\"a;b\"\n",
      "Date\tTSH\n2024-01-15\t2.1\n", "date,marker_key,value\n2024-01-15,hdl,\"open\n", "", "   \n",
      "{\"format\": \"glance-export\"}", "Date,HDL\n2024-01-15,5\u{0}5\n",
    ])
  func sameAsInMemory(text: String) {
    let bytes = Array(text.utf8)
    #expect(Self.outcome { try Importer.read(FileBytes(bytes)) } == Self.outcome { try Importer.read(bytes) })
  }

  @Test("a glance export, with or without a byte-order mark, and FHIR JSON are read from disk as in memory")
  func jsonSameAsInMemory() throws {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.entries = [
      Fixture.entry(Fixture.hdl, 61, on: "2025-01-15", note: "resourceType"),
      Fixture.entry(Fixture.ldl, 99, on: "2025-02-01"),
    ]
    let export = try Exporter.json(document)
    let fhir = Array(
      """
      {"resourceType": "Observation", "status": "final", "code": {"coding": [{"system": "http://loinc.org", "code": "2085-9"}]}, "effectiveDateTime": "2024-01-15", "valueQuantity": {"value": 55, "unit": "mg/dL", "code": "mg/dL"}}
      """.utf8)
    for bytes in [export, [0xEF, 0xBB, 0xBF] + export, fhir, [0xEF, 0xBB, 0xBF] + fhir, Array(export.dropLast(9))] {
      let fromDisk = Self.outcome { try Importer.read(FileBytes(bytes)) }
      #expect(fromDisk == Self.outcome { try Importer.read(bytes) })
      #expect(!fromDisk.isEmpty)
    }
    #expect(Self.outcome { try Importer.read(FileBytes(export)) }.contains("Would add 2 readings"))
  }

  @Test("bytes that are not UTF-8 are refused the same way")
  func notUTF8() {
    // 0x81 is no character in Windows-1252 either (which a Western European Excel's CSV is read as).
    let bytes: [UInt8] = Array("Date,HDL\n2024-01-15,".utf8) + [0x81, 0xFE] + Array("\n".utf8)
    #expect(Self.outcome { try Importer.read(FileBytes(bytes)) } == Self.outcome { try Importer.read(bytes) })
    #expect(Self.outcome { try Importer.read(FileBytes(bytes)) }.contains("not UTF-8"))
    let latin: [UInt8] = Array("Date,HDL\n2024-01-15,55\n".utf8) + [0xB5, 0x0A]
    #expect(Self.outcome { try Importer.read(FileBytes(latin)) } == Self.outcome { try Importer.read(latin) })
  }

  @Test("a large sheet's bytes are let go as they are parsed, and it imports exactly as in memory")
  func largeSheetReleased() throws {
    var text = "Date,Test,Result,Comment\n"
    var day = Fixture.date("1990-01-01")
    var index = 0
    while text.utf8.count < 6 << 20 {
      if index % 8 == 0 { day = day.adding(days: 1)! }
      text +=
        "\(day.iso),\(["HDL", "LDL"][index % 2]),\(40 + index % 60),\"note \(index), \(String(repeating: "x", count: 60))\"\n"
      index += 1
    }
    let bytes = Array(text.utf8)
    let file = FileBytes(bytes)
    #expect(Self.outcome { try Importer.read(file) } == Self.outcome { try Importer.read(bytes) })
    #if os(Linux)
      // Mapped (it is above LargeMemory's threshold), so its pages go back as the parse passes.
      #expect(file.released > (4 << 20))
    #endif
  }
}
