package dev.skills.mcp.source;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 in lower-case hex, the form SEP-2640 digests take after {@code sha256:}.
 */
final class Digests {

	private Digests() {
	}

	/**
	 * The digest of some bytes.
	 * @param bytes the bytes
	 * @return 64 lower-case hex digits
	 */
	static String sha256(byte[] bytes) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
