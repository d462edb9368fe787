/// The MIME types the static mount adds to libwebsockets' own table (which lacks `.wasm`,
/// `.mjs` and `.json`, and calls JavaScript `application/javascript`). Files whose extension is
/// in neither table are refused by lws (403) rather than served with a guessed type.
///
///     MimeTypes.extra.first { $0.suffix == ".wasm" }?.type  // "application/wasm"
public enum MimeTypes {
  public struct Entry: Equatable, Sendable {
    /// The file name ending, with its dot.
    public var suffix: String
    public var type: String
  }

  /// Checked before lws's built-in list, so these win.
  public static let extra: [Entry] = [
    Entry(suffix: ".html", type: "text/html; charset=utf-8"),
    Entry(suffix: ".htm", type: "text/html; charset=utf-8"),
    Entry(suffix: ".js", type: "text/javascript; charset=utf-8"),
    Entry(suffix: ".mjs", type: "text/javascript; charset=utf-8"),
    Entry(suffix: ".css", type: "text/css; charset=utf-8"),
    Entry(suffix: ".json", type: "application/json"),
    Entry(suffix: ".map", type: "application/json"),
    Entry(suffix: ".webmanifest", type: "application/manifest+json"),
    Entry(suffix: ".wasm", type: "application/wasm"),
    Entry(suffix: ".svg", type: "image/svg+xml"),
    Entry(suffix: ".png", type: "image/png"),
    Entry(suffix: ".jpg", type: "image/jpeg"),
    Entry(suffix: ".jpeg", type: "image/jpeg"),
    Entry(suffix: ".gif", type: "image/gif"),
    Entry(suffix: ".webp", type: "image/webp"),
    Entry(suffix: ".avif", type: "image/avif"),
    Entry(suffix: ".ico", type: "image/x-icon"),
    Entry(suffix: ".txt", type: "text/plain; charset=utf-8"),
    Entry(suffix: ".md", type: "text/markdown; charset=utf-8"),
    Entry(suffix: ".woff2", type: "font/woff2"),
    Entry(suffix: ".woff", type: "font/woff"),
    Entry(suffix: ".ttf", type: "font/ttf"),
    Entry(suffix: ".otf", type: "font/otf"),
  ]
}
