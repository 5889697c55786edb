package dev.skills.sources;

import java.util.Locale;

/**
 * How one fetch of a source ended.
 */
public enum FetchOutcome {

	/** A new revision was checked out and is now served. */
	UPDATED,

	/** The source had nothing new. */
	UNCHANGED,

	/** The fetch failed or timed out; the last good revision is still served. */
	FAILED,

	/**
	 * The new revision was fetched but is broken; the last good revision is still served.
	 */
	BROKEN;

	/**
	 * The label for metrics and endpoints.
	 * @return the lower-case name
	 */
	public String label() {
		return name().toLowerCase(Locale.ROOT);
	}

}
