package dev.skills.sources;

import java.io.IOException;

/**
 * A fetch or checkout passed a limit of its revision (files, bytes, requests, time): the
 * revision is not served, and the last good one stays. Never a reason to skip one entry
 * and go on.
 */
public class FetchLimitException extends IOException {

	private static final long serialVersionUID = 1L;

	/**
	 * Create the exception.
	 * @param message which limit, without server paths
	 */
	public FetchLimitException(String message) {
		super(message);
	}

}
