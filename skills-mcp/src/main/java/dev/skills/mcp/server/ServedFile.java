package dev.skills.mcp.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema;

/**
 * One skill file as served: its URI, where the registry reads it, and the size and
 * SHA-256 digest of the text a read returns (what a client can check).
 *
 * @param uri the {@code skill://} URI
 * @param skill the skill name
 * @param path the path the registry reads, relative to the skill folder
 * @param mimeType the MIME type by extension
 * @param size the size in bytes of the UTF-8 text served
 * @param digest {@code sha256:<64 hex>} of those bytes
 */
record ServedFile(String uri, String skill, String path, String mimeType, long size, String digest) {

	/** The {@code _meta} key of the size. */
	static final String META_SIZE = "size";

	/** The {@code _meta} key of the digest. */
	static final String META_DIGEST = "digest";

	/**
	 * Describe a file by the text its read returned.
	 * @param uri the URI
	 * @param skill the skill name
	 * @param path the path read
	 * @param text the text read
	 * @return the file
	 */
	static ServedFile of(String uri, String skill, String path, String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		return new ServedFile(uri, skill, path, SkillMimeTypes.of(path), bytes.length, digest(bytes));
	}

	/**
	 * The {@code sha256:<hex>} digest of some bytes.
	 * @param bytes the bytes
	 * @return the digest
	 */
	static String digest(byte[] bytes) {
		try {
			return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every Java platform has SHA-256", ex);
		}
	}

	Map<String, Object> meta() {
		return Map.of(META_SIZE, this.size, META_DIGEST, this.digest);
	}

	McpSchema.Resource resource(String description) {
		return McpSchema.Resource.builder()
			.uri(this.uri)
			.name(this.skill + "/" + this.path)
			.description(description)
			.mimeType(this.mimeType)
			.size(this.size)
			.meta(meta())
			.build();
	}

}
