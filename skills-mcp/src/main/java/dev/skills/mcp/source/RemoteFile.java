package dev.skills.mcp.source;

import org.jspecify.annotations.Nullable;

/**
 * One file of a remote skill, as the server listed it.
 *
 * @param uri its {@code skill://} URI
 * @param path its path inside the skill's folder, {@code /}-separated
 * @param size its size in bytes, when the server gave one
 * @param sha256 its SHA-256 digest in lower-case hex, when the server gave one
 */
record RemoteFile(String uri, String path, @Nullable Long size, @Nullable String sha256) {

	/**
	 * The line that stands for this file in the listing's digest.
	 * @return uri, size and digest
	 */
	String identity() {
		return this.uri + " " + this.size + " " + this.sha256;
	}

}
