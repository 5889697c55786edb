package dev.skills.sources.index;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * One published skill index to read skills from.
 *
 * @param url the index, {@code http} or {@code https}, for example
 * {@code https://example.com/.well-known/agent-skills/index.json}
 * @param refreshInterval how often the index is asked for again (a conditional request);
 * zero for only at start-up and when asked
 * @param headers headers sent with every request to the index's host, for example an
 * {@code Authorization} header; never logged or shown
 * @param username the user name for basic authentication, if the host wants one
 * @param password the password for basic authentication; never logged or shown
 */
public record IndexSourceSettings(URI url, Duration refreshInterval, Map<String, String> headers,
		@Nullable String username, @Nullable String password) {

	/**
	 * Check the settings.
	 * @param url the index
	 * @param refreshInterval how often to ask again
	 * @param headers headers for the index's host
	 * @param username the user name
	 * @param password the password
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
	}

	/**
	 * Check that a URL is one an index may use: absolute {@code http} or {@code https}
	 * with a host.
	 * @param url the URL
	 * @throws IllegalArgumentException when it is not
	 */
	static void checkHttp(URI url) {
		String scheme = (url.getScheme() != null) ? url.getScheme().toLowerCase(Locale.ROOT) : "";
		if (!(scheme.equals("http") || scheme.equals("https")) || url.getHost() == null) {
			throw new IllegalArgumentException("only http and https URLs are read: " + url);
		}
	}

	@Override
	public String toString() {
		return "IndexSourceSettings[url=" + this.url + ", refreshInterval=" + this.refreshInterval + ", headers="
				+ this.headers.keySet() + ", username=" + this.username + ", password="
				+ ((this.password != null) ? "******" : null) + "]";
	}

}
