package dev.skills.boot.mcp.autoconfigure;

import java.net.URI;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.skills.boot.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.boot.sources.SkillSourcesContributor;
import dev.skills.boot.sources.autoconfigure.McpSourceProperties;
import dev.skills.boot.sources.autoconfigure.SkillsSourcesProperties;
import dev.skills.mcp.client.BoundedHttpClient;
import dev.skills.mcp.client.McpResourceChanges;
import dev.skills.mcp.source.McpSkillSource;
import dev.skills.mcp.source.McpSourceSettings;
import dev.skills.sources.SkillSource;
import dev.skills.sources.SourceRefresher;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;

import org.springframework.ai.mcp.customizer.McpClientCustomizer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Auto-configuration of skills read from MCP servers ({@code skills.sources.mcp[]}): one
 * {@link McpSkillSource} per entry, on the synchronous client of the Spring AI MCP
 * connection it names, fetched by the {@link SourceRefresher} with the git repositories
 * and again on each {@code notifications/resources/list_changed} of its connection (heard
 * on the connection's transport, so the SDK does not list every resource first); or, for
 * an entry with a {@code url}, on protocol 2026-07-28 by that URL, fetched on its refresh
 * interval. Backs off without {@code skills-mcp} or the MCP Java SDK's client on the
 * class path.
 */
@AutoConfiguration(afterName = "org.springframework.ai.mcp.client.common.autoconfigure.McpClientAutoConfiguration")
@ConditionalOnClass({ McpSkillSource.class, McpSyncClient.class, SourceRefresher.class })
@ConditionalOnSkillsEnabled
@EnableConfigurationProperties(SkillsSourcesProperties.class)
public final class SkillsMcpSourcesAutoConfiguration {

	private static final String PROPERTY = SkillsSourcesProperties.PREFIX + ".mcp";

	@Bean
	McpResourceChanges skillsMcpResourceChanges() {
		return new McpResourceChanges();
	}

	@Bean
	SkillSourcesContributor skillsMcpSources(SkillsSourcesProperties properties,
			ObjectProvider<List<McpSyncClient>> clients, McpResourceChanges changes) {
		return () -> {
			List<SkillSource.Factory> sources = new ArrayList<>();
			List<McpSourceProperties> servers = properties.getMcp();
			for (int i = 0; i < servers.size(); i++) {
				McpSourceProperties entry = servers.get(i);
				McpSourceSettings server = settings(entry, PROPERTY + "[" + i + "]");
				if (entry.getUrl() != null) {
					sources.add(McpSkillSource.factory(server, entry.getUrl()));
				}
				else {
					McpSyncClient client = client(clients, server.connection(), PROPERTY + "[" + i + "].connection");
					sources.add(McpSkillSource.factory(server, client, changes));
				}
			}
			return sources;
		};
	}

	@Bean
	SmartInitializingSingleton skillsMcpRefreshOnChange(SkillsSourcesProperties properties, SourceRefresher sources,
			McpResourceChanges changes) {
		// After each source has noted the change (registered first, with the source).
		return () -> properties.getMcp()
			.stream()
			.filter((server) -> server.getUrl() == null)
			.forEach((server) -> changes.onChange(server.getConnection(),
					() -> sources.refreshSoon(McpSkillSource.sourceName(server.getConnection()))));
	}

	private static McpSourceSettings settings(McpSourceProperties server, String property) {
		String name = server.getConnection();
		URI url = server.getUrl();
		if (url != null && (url.getHost() == null || !List.of("http", "https").contains(url.getScheme()))) {
			throw new InvalidConfigurationPropertyValueException(property + ".url", url,
					"an MCP source's url is an http or https URL with a host");
		}
		if (url != null && (name == null || name.isBlank())) {
			name = url.getHost() + ((url.getPort() != -1) ? "-" + url.getPort() : "");
		}
		if (name == null || name.isBlank()) {
			throw new InvalidConfigurationPropertyValueException(property + ".connection", name,
					"every MCP source needs the name of a Spring AI MCP client connection, or a url");
		}
		try {
			return new McpSourceSettings(name, server.getRefreshInterval(), server.getReadTimeout(),
					server.getMaxFileSize().toBytes());
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException(property, server.getConnection(), ex.getMessage());
		}
	}

	/**
	 * The settings of the source that reads a Spring AI connection, if one does.
	 * @param properties the sources' properties
	 * @param connection the connection's name
	 * @return the source's settings
	 */
	static Optional<McpSourceSettings> sourceOf(SkillsSourcesProperties properties, String connection) {
		List<McpSourceProperties> servers = properties.getMcp();
		for (int i = 0; i < servers.size(); i++) {
			if (servers.get(i).getUrl() == null && connection.equals(servers.get(i).getConnection())) {
				return Optional.of(settings(servers.get(i), PROPERTY + "[" + i + "]"));
			}
		}
		return Optional.empty();
	}

	// Spring AI names each client after its connection: the title is the connection's
	// name, the name ends with " - <connection>".
	private static McpSyncClient client(ObjectProvider<List<McpSyncClient>> clients, String connection,
			String property) {
		List<McpSyncClient> all = clients.stream().flatMap(List::stream).toList();
		for (McpSyncClient client : all) {
			if (connection.equals(client.getClientInfo().title())
					|| client.getClientInfo().name().endsWith(" - " + connection)) {
				return client;
			}
		}
		List<String> known = all.stream().map((client) -> String.valueOf(client.getClientInfo().title())).toList();
		throw new InvalidConfigurationPropertyValueException(property, connection,
				"no synchronous Spring AI MCP client has this connection name; the connections are " + known);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.ai.mcp.client.common.autoconfigure.NamedClientMcpTransport")
	static class SpringAiConnections {

		@Bean
		static WatchedTransports skillsMcpWatchedTransports(ObjectProvider<SkillsSourcesProperties> properties,
				ObjectProvider<McpResourceChanges> changes) {
			return new WatchedTransports(properties, changes);
		}

		// The client of a connection a source reads takes no message larger than the
		// source's files allow; other connections are left as they are.
		@Bean
		McpClientCustomizer<HttpClientStreamableHttpTransport.Builder> skillsMcpBoundedStreamableHttp(
				SkillsSourcesProperties properties) {
			return (connection, builder) -> sourceOf(properties, connection).ifPresent(
					(source) -> builder.customizeClient((client) -> builder.clientBuilder(bounded(client, source))));
		}

		@Bean
		McpClientCustomizer<HttpClientSseClientTransport.Builder> skillsMcpBoundedSse(
				SkillsSourcesProperties properties) {
			return (connection, builder) -> sourceOf(properties, connection).ifPresent(
					(source) -> builder.customizeClient((client) -> builder.clientBuilder(bounded(client, source))));
		}

		private static HttpClient.Builder bounded(HttpClient.Builder client, McpSourceSettings source) {
			return BoundedHttpClient.builder(client, source.maxMessageBytes());
		}

	}

}
