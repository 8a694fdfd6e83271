import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./cached-body.ts";

describe("the encoding an answer goes out in", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["deflate", undefined],
    ["identity", undefined],
    ["GZIP", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", undefined],
    ["br; q=0.5, gzip;q=1", "br"],
    ["gzip;q=0.001", "gzip"],
    ["*", "br"],
    ["*;q=0", undefined],
    ["br;q=0, *", "gzip"],
    ["*, br;q=0", "gzip"],
    ["gzip;q=0, *;q=0.5", "br"],
    ["br;q=nonsense, gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["x-gzip;q=0", undefined],
    ["brotli, gzip", "gzip"],
  ])("Accept-Encoding %j: %s", (accept, expected) => {
    expect(preferredEncoding(accept)).toBe(expected);
  });
});
