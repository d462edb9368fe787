import TagCloudCore

/// The whole JSON path in one call: request bytes in, response bytes or a refusal out. What
/// `tagcloud layout` and the Wasm module's JSON export run.
///
///     let result = LayoutService.respond(to: Array(#"{"width": null, "spacing": 18, "tags": []}"#.utf8))
///     // .success(bytes of {"size":[0,0],"items":[],"groups":[],"rows":[],"animation":null})
public enum LayoutService {
  /// - Complexity: O(bytes + n log n).
  public static func respond(to request: [UInt8]) -> Result<[UInt8], WireError> {
    do {
      let decoded = try LayoutRequestDecoder.decode(request)
      return .success(LayoutEngine.layout(decoded).json)
    } catch {
      return .failure(error)
    }
  }
}
