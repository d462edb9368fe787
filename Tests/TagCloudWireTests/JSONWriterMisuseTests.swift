import TagCloudCore
import TagCloudWire
import Testing

/// Misuse of the writer is a programming error, caught by `assert` in debug builds (the
/// configuration `swift test` runs by default) and by `precondition` for non-finite numbers
/// in every build: each case must stop the process.
@Suite struct JSONWriterMisuseTests {
  #if DEBUG
    @Test func keyOutsideAnObjectStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        var writer = JSONWriter()
        writer.beginArray()
        writer.key("a")
      }
    }

    @Test func valueWithoutKeyInAnObjectStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        var writer = JSONWriter()
        writer.beginObject()
        writer.number(1)
      }
    }

    @Test func unbalancedEndStopsTheProcess() async {
      await #expect(processExitsWith: .failure) {
        var writer = JSONWriter()
        writer.beginArray()
        writer.endObject()
      }
    }

  #endif

  @Test func nonFiniteNumberStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      var writer = JSONWriter()
      writer.number(Double.nan)
    }
  }
}
