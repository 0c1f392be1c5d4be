import type { Codec } from "../codec/codec.ts";
import { encodeDeviceDescriptor } from "../wire/device-descriptor.ts";
import {
  COUNTRY_CODE,
  ENCRYPTED_CONTENT_TYPE,
  HEADER,
  HEADER_VERSION,
  SOURCE_CHANNEL,
} from "../wire/protocol.ts";
import type { LoginInfo, SessionProvider } from "./session.ts";

export interface HeaderSources {
  codec: Codec;
  session: SessionProvider;
  /** Sent instead of the session token (`NSCPER` then carries none). */
  apiKey?: string;
  packageName: string;
  /** False for multipart uploads: the runtime sets the multipart boundary itself. */
  withContentType: boolean;
}

/**
 * The headers of docs/wire-protocol.md#headers, read from the session provider now. Throws whatever the provider or
 * the codec throws, or a TypeError for a value that cannot be a header; the caller reports it
 * as 'request start interceptor failed'.
 */
export function buildHeaders({
  codec,
  session,
  apiKey,
  packageName,
  withContentType,
}: HeaderSources): Headers {
  const token = apiKey ? null : session.getToken();
  const loginInfo = session.getLoginInfo();
  const headers = fixedHeaders(packageName, withContentType);
  if (apiKey) {
    headers.set(HEADER.apiKey, apiKey);
  } else if (token) {
    headers.set(HEADER.token, token);
  } else {
    const device = session.getDevice();
    headers.set(
      HEADER.token,
      encodeDeviceDescriptor(codec, {
        countryCode: COUNTRY_CODE,
        sourceChannel: SOURCE_CHANNEL,
        packageName,
        adid: device.adid,
        version: HEADER_VERSION,
        uuId: device.uuId ?? loginInfo?.uuId ?? "",
        userId: device.userId ?? loginInfo?.userId ?? "",
      }),
    );
  }
  addCallerHeaders(headers, loginInfo, session.getLocale());
  return headers;
}

/** The headers every call carries whoever makes it: the protocol's constants and the app. */
export function fixedHeaders(packageName: string, withContentType: boolean): Headers {
  const headers = new Headers();
  if (withContentType) headers.set(HEADER.contentType, ENCRYPTED_CONTENT_TYPE);
  headers.set(HEADER.version, HEADER_VERSION);
  headers.set(HEADER.sourceChannel, SOURCE_CHANNEL);
  headers.set(HEADER.packageName, packageName);
  headers.set(HEADER.countryCode, COUNTRY_CODE);
  return headers;
}

/** Who calls, beside the session token: the login info and the reader's language. */
export function addCallerHeaders(
  headers: Headers,
  loginInfo: LoginInfo | null | undefined,
  locale: string,
): void {
  // Absent rather than empty: a server should not mistake "" for an account.
  if (loginInfo?.userId) headers.set(HEADER.userId, loginInfo.userId);
  if (loginInfo?.uuId) headers.set(HEADER.uuId, loginInfo.uuId);
  headers.set(HEADER.acceptLanguage, locale);
}
