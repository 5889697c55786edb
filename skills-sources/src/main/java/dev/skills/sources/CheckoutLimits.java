package dev.skills.sources;

import java.io.IOException;

/**
 * The most files and bytes one checked-out revision may hold: a remote source is not
 * allowed to fill the disk.
 *
 * @param maxFiles the most files
 * @param maxBytes the most bytes, all files together
 */
public record CheckoutLimits(int maxFiles, long maxBytes) {

	/**
	 * Check the limits.
	 * @param maxFiles the most files
	 * @param maxBytes the most bytes
	 */
	public CheckoutLimits {
		if (maxFiles < 1 || maxBytes < 1) {
			throw new IllegalArgumentException("checkout limits must be positive");
		}
	}

	/**
	 * Count one more file against the limits.
	 * @param files the files so far, this one included
	 * @param bytes the bytes so far, this file included
	 * @throws IOException when a limit is passed
	 */
	public void check(int files, long bytes) throws IOException {
		if (files > this.maxFiles) {
			throw new IOException("more than " + this.maxFiles + " files");
		}
		if (bytes > this.maxBytes) {
			throw new IOException("more than " + this.maxBytes + " bytes");
		}
	}

}
