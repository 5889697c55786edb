package dev.skills.sources;

/**
 * What one revision of a source may take and has taken so far: files (an archive's
 * entries among them, skipped ones too), bytes (written, and received for downloads that
 * failed or did not match), and requests. A remote source is not allowed to fill the disk
 * or the network: passing a limit fails the revision. Every kind of source (git, index,
 * MCP) counts with one; one budget is used by one thread at a time.
 */
public final class FetchBudget {

	private final int maxFiles;

	private final long maxBytes;

	private int files;

	private long bytes;

	private int requests;

	/**
	 * Create a budget with nothing taken.
	 * @param maxFiles the most files (and archive entries); also the most requests
	 * @param maxBytes the most bytes
	 */
	public FetchBudget(int maxFiles, long maxBytes) {
		if (maxFiles < 1 || maxBytes < 1) {
			throw new IllegalArgumentException("fetch limits must be positive");
		}
		this.maxFiles = maxFiles;
		this.maxBytes = maxBytes;
	}

	/**
	 * Count one more file, or one more archive entry.
	 * @throws FetchLimitException when there are more than allowed
	 */
	public void file() throws FetchLimitException {
		this.files++;
		if (this.files > this.maxFiles) {
			throw new FetchLimitException("more than " + this.maxFiles + " files");
		}
	}

	/**
	 * Count bytes written, or received.
	 * @param count how many
	 * @throws FetchLimitException when there are more than allowed
	 */
	public void bytes(long count) throws FetchLimitException {
		this.bytes += count;
		if (this.bytes > this.maxBytes) {
			throw new FetchLimitException("more than " + this.maxBytes + " bytes");
		}
	}

	/**
	 * Count one more request.
	 * @throws FetchLimitException when there are more than allowed
	 */
	public void request() throws FetchLimitException {
		this.requests++;
		if (this.requests > this.maxFiles) {
			throw new FetchLimitException("more than " + this.maxFiles + " requests");
		}
	}

	/**
	 * Start from what a folder already holds (an update writes only what changed).
	 * @param heldFiles its files
	 * @param heldBytes its bytes
	 */
	public void hold(int heldFiles, long heldBytes) {
		this.files += heldFiles;
		this.bytes += heldBytes;
	}

	/**
	 * Give back what the revision no longer holds: a file an update removed, an archive
	 * once unpacked.
	 * @param releasedFiles the files
	 * @param releasedBytes their bytes
	 */
	public void release(int releasedFiles, long releasedBytes) {
		this.files -= releasedFiles;
		this.bytes -= releasedBytes;
	}

	/**
	 * The bytes one more download or file may take.
	 * @return the bytes left
	 */
	public long bytesLeft() {
		return Math.max(0, this.maxBytes - this.bytes);
	}

	/**
	 * The files counted so far.
	 * @return the count
	 */
	public int files() {
		return this.files;
	}

	/**
	 * The bytes counted so far.
	 * @return the count
	 */
	public long bytes() {
		return this.bytes;
	}

}
