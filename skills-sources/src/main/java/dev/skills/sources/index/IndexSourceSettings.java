package dev.skills.sources.index;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.skills.sources.http.Origin;
import org.jspecify.annotations.Nullable;

/**
 * One published skill index to read skills from.
 *
 * @param url the index, {@code http} or {@code https}, for example
 * {@code https://example.com/.well-known/agent-skills/index.json}
 * @param refreshInterval how often the index is asked for again (a conditional request);
 * zero for only at start-up and when asked
 * @param headers headers sent with every request to the index's origin, for example an
 * {@code Authorization} header; never logged or shown
 * @param username the user name for basic authentication, if the host wants one
 * @param password the password for basic authentication; never logged or shown
 * @param allowedHosts hosts other than the index's from which its artifacts may be
 * fetched (any port, {@code http} or {@code https}); without them only artifacts on the
 * index's own origin are
 */
public record IndexSourceSettings(URI url, Duration refreshInterval, Map<String, String> headers,
		@Nullable String username, @Nullable String password, Set<String> allowedHosts) {

	/**
	 * Check the settings.
	 * @param url the index
	 * @param refreshInterval how often to ask again
	 * @param headers headers for the index's origin
	 * @param username the user name
	 * @param password the password
	 * @param allowedHosts other hosts of artifacts
	 */
	public IndexSourceSettings {
		Objects.requireNonNull(url, "url");
		checkHttp(url);
		if (url.getRawUserInfo() != null) {
			throw new IllegalArgumentException("url must not hold credentials; set username and password");
		}
		refreshInterval = (refreshInterval != null) ? refreshInterval : Duration.ZERO;
		if (refreshInterval.isNegative()) {
			throw new IllegalArgumentException("refresh-interval must not be negative: " + refreshInterval);
		}
		headers = (headers != null) ? Map.copyOf(headers) : Map.of();
		allowedHosts = (allowedHosts != null) ? Set.copyOf(allowedHosts) : Set.of();
		for (String host : allowedHosts) {
			if (host.isBlank() || host.contains("/") || host.contains("*")) {
				throw new IllegalArgumentException("allowed-hosts holds host names only: " + host);
			}
		}
	}

	/**
	 * An index without headers, credentials or other hosts.
	 * @param url the index
	 * @param refreshInterval how often to ask again
	 * @return the settings
	 */
	public static IndexSourceSettings of(URI url, Duration refreshInterval) {
		return new IndexSourceSettings(url, refreshInterval, Map.of(), null, null, Set.of());
	}

	/**
	 * The headers requests to the index's origin carry: the configured ones, and the
	 * basic authentication of the user name and password.
	 * @return the headers
	 */
	Map<String, String> credentials() {
		if (this.username == null && this.password == null) {
			return this.headers;
		}
		String pair = Objects.toString(this.username, "") + ":" + Objects.toString(this.password, "");
		Map<String, String> headers = new LinkedHashMap<>(this.headers);
		headers.put("Authorization",
				"Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
		return Map.copyOf(headers);
	}

	/**
	 * Check that a URL is one an index may use: absolute {@code http} or {@code https}
	 * with a host.
	 * @param url the URL
	 * @throws IllegalArgumentException when it is not
	 */
	static void checkHttp(URI url) {
		if (Origin.of(url) == null) {
			throw new IllegalArgumentException("only http and https URLs are read: " + url);
		}
	}

	@Override
	public String toString() {
		return "IndexSourceSettings[url=" + this.url + ", refreshInterval=" + this.refreshInterval + ", headers="
				+ this.headers.keySet() + ", username=" + this.username + ", password="
				+ ((this.password != null) ? "******" : null) + ", allowedHosts=" + this.allowedHosts + "]";
	}

}
