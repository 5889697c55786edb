package dev.skills.sources.git;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * One git repository to read skills from.
 *
 * @param uri the repository ({@code https}, {@code http} or {@code file}; {@code ssh}
 * with {@code org.eclipse.jgit.ssh.apache} on the class path)
 * @param ref a branch, a tag or a full commit id; a commit id is pinned and never fetched
 * again once checked out; {@code HEAD} is the remote's default branch
 * @param path the folder of skills inside the repository; empty for its root
 * @param refreshInterval how often a branch or tag is fetched again; zero for only at
 * start-up and when asked
 * @param username the user name, if the server wants one
 * @param password the password or token, if the server wants one; never logged or shown
 */
public record GitSourceSettings(String uri, String ref, String path, Duration refreshInterval,
		@Nullable String username, @Nullable String password) {

	/**
	 * Check the settings.
	 * @param uri the repository
	 * @param ref the ref
	 * @param path the folder inside the repository
	 * @param refreshInterval how often to fetch
	 * @param username the user name
	 * @param password the password
	 */
	public GitSourceSettings {
		Objects.requireNonNull(uri, "uri");
		if (uri.isBlank()) {
			throw new IllegalArgumentException("uri must not be empty");
		}
		ref = (ref == null || ref.isBlank()) ? "HEAD" : ref.strip();
		path = normalisePath(path);
		refreshInterval = (refreshInterval != null) ? refreshInterval : Duration.ZERO;
		if (refreshInterval.isNegative()) {
			throw new IllegalArgumentException("refresh-interval must not be negative: " + refreshInterval);
		}
	}

	/**
	 * Whether the ref is a full commit id, which never moves.
	 * @return {@code true} for 40 hexadecimal digits
	 */
	public boolean pinned() {
		return this.ref.length() == 40 && this.ref.toLowerCase(Locale.ROOT)
			.chars()
			.allMatch((c) -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
	}

	private static String normalisePath(@Nullable String path) {
		if (path == null) {
			return "";
		}
		String trimmed = path.strip().replace('\\', '/');
		while (trimmed.startsWith("/")) {
			trimmed = trimmed.substring(1);
		}
		while (trimmed.endsWith("/")) {
			trimmed = trimmed.substring(0, trimmed.length() - 1);
		}
		for (String segment : trimmed.split("/")) {
			if (segment.equals("..") || segment.equals(".")) {
				throw new IllegalArgumentException("path must stay inside the repository: " + path);
			}
		}
		return trimmed;
	}

	@Override
	public String toString() {
		return "GitSourceSettings[uri=" + this.uri + ", ref=" + this.ref + ", path=" + this.path + ", refreshInterval="
				+ this.refreshInterval + ", username=" + this.username + ", password="
				+ ((this.password != null) ? "******" : null) + "]";
	}

}
