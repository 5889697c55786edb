package dev.skills.sources.index;

import java.io.IOException;

import dev.skills.sources.CheckoutLimits;

/**
 * The files and bytes one revision of an index has written so far, against the checkout
 * limits: passing them fails the revision, as a git checkout does.
 */
final class Budget {

	private final CheckoutLimits limits;

	private int files;

	private long bytes;

	Budget(CheckoutLimits limits) {
		this.limits = limits;
	}

	/**
	 * Count one more file (or archive entry).
	 * @throws IOException when there are too many
	 */
	void file() throws IOException {
		this.files++;
		this.limits.check(this.files, this.bytes);
	}

	/**
	 * Count bytes written.
	 * @param count how many
	 * @throws IOException when there are too many
	 */
	void bytes(long count) throws IOException {
		this.bytes += count;
		this.limits.check(this.files, this.bytes);
	}

	/**
	 * The bytes one more download may take.
	 * @return the bytes left
	 */
	long bytesLeft() {
		return Math.max(0, this.limits.maxBytes() - this.bytes);
	}

}
