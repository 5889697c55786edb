package dev.skills.boot.sources.autoconfigure;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * One published skill index.
 */
public class IndexSourceProperties {

	/**
	 * The index: an http or https URL, for example
	 * https://example.com/.well-known/agent-skills/index.json.
	 */
	private @Nullable URI url;

	/**
	 * How often the index is asked for again (a conditional request, so an unchanged
	 * index costs one small request); 0 for only at start-up and on POST
	 * /actuator/skills.
	 */
	private Duration refreshInterval = Duration.ofMinutes(10);

	/**
	 * Headers sent with every request to the index's own origin, for example
	 * Authorization; best set from the environment. Never logged or shown.
	 */
	private Map<String, String> headers = new LinkedHashMap<>();

	/**
	 * User name for basic authentication, for a host that asks for one.
	 */
	private @Nullable String username;

	/**
	 * Password for basic authentication; best set from the environment. Never logged or
	 * shown.
	 */
	private @Nullable String password;

	/**
	 * Hosts other than the index's from which its skills' files may be fetched (host
	 * names, any port); by default only files on the index's own scheme, host and port
	 * are. Credentials and headers are never sent to them.
	 */
	private List<String> allowedHosts = new ArrayList<>();

	public @Nullable URI getUrl() {
		return this.url;
	}

	public void setUrl(@Nullable URI url) {
		this.url = url;
	}

	public Duration getRefreshInterval() {
		return this.refreshInterval;
	}

	public void setRefreshInterval(Duration refreshInterval) {
		this.refreshInterval = refreshInterval;
	}

	public Map<String, String> getHeaders() {
		return this.headers;
	}

	public void setHeaders(Map<String, String> headers) {
		this.headers = headers;
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

	public List<String> getAllowedHosts() {
		return this.allowedHosts;
	}

	public void setAllowedHosts(List<String> allowedHosts) {
		this.allowedHosts = allowedHosts;
	}

}
