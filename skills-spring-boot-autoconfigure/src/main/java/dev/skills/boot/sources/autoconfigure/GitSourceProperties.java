package dev.skills.boot.sources.autoconfigure;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * One git repository.
 */
public class GitSourceProperties {

	/**
	 * The repository: an https, http or file URI (ssh with org.eclipse.jgit.ssh.apache on
	 * the class path).
	 */
	private @Nullable String uri;

	/**
	 * A branch, a tag or a full commit id; a commit id is pinned and never fetched again;
	 * HEAD is the remote's default branch.
	 */
	private String ref = "HEAD";

	/**
	 * Folder of skills inside the repository; by default its root.
	 */
	private String path = "";

	/**
	 * How often a branch or tag is fetched again; 0 for only at start-up and on POST
	 * /actuator/skills.
	 */
	private Duration refreshInterval = Duration.ofMinutes(1);

	/**
	 * User name, for a server that asks for one.
	 */
	private @Nullable String username;

	/**
	 * Password or token, for a server that asks for one; best set from the environment.
	 * Never logged or shown.
	 */
	private @Nullable String password;

	public @Nullable String getUri() {
		return this.uri;
	}

	public void setUri(@Nullable String uri) {
		this.uri = uri;
	}

	public String getRef() {
		return this.ref;
	}

	public void setRef(String ref) {
		this.ref = ref;
	}

	public String getPath() {
		return this.path;
	}

	public void setPath(String path) {
		this.path = path;
	}

	public Duration getRefreshInterval() {
		return this.refreshInterval;
	}

	public void setRefreshInterval(Duration refreshInterval) {
		this.refreshInterval = refreshInterval;
	}

	public @Nullable String getUsername() {
		return this.username;
	}

	public void setUsername(@Nullable String username) {
		this.username = username;
	}

	public @Nullable String getPassword() {
		return this.password;
	}

	public void setPassword(@Nullable String password) {
		this.password = password;
	}

}
