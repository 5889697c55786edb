package dev.skills.boot.mcp.autoconfigure;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import dev.skills.boot.sources.autoconfigure.McpSourceProperties;
import dev.skills.boot.sources.autoconfigure.SkillsSourcesProperties;
import dev.skills.mcp.client.McpResourceChanges;

import org.springframework.ai.mcp.client.common.autoconfigure.NamedClientMcpTransport;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.util.function.SingletonSupplier;

/**
 * Gives the transport of each Spring AI MCP client connection that a skill source reads
 * to {@link McpResourceChanges#watch}, before the client is built on it, so that the
 * connection's {@code resources/list_changed} reaches the source without the SDK's
 * unbounded listing. Spring AI publishes the transports as lists of
 * {@link NamedClientMcpTransport}, one list per kind of transport.
 */
final class WatchedTransports implements BeanPostProcessor {

	private final ObjectProvider<McpResourceChanges> changes;

	// Bound from the environment: a post-processor comes before the properties beans.
	private final SingletonSupplier<Set<String>> connections;

	WatchedTransports(Environment environment, ObjectProvider<McpResourceChanges> changes) {
		this.changes = changes;
		this.connections = SingletonSupplier.of(() -> Binder.get(environment)
			.bind(SkillsSourcesProperties.PREFIX + ".mcp", Bindable.listOf(McpSourceProperties.class))
			.orElse(List.of())
			.stream()
			.filter((source) -> source.getUrl() == null && source.getConnection() != null)
			.map(McpSourceProperties::getConnection)
			.collect(Collectors.toUnmodifiableSet()));
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (!(bean instanceof List<?> list) || list.isEmpty()
				|| !list.stream().allMatch(NamedClientMcpTransport.class::isInstance)) {
			return bean;
		}
		Set<String> watched = this.connections.obtain();
		if (list.stream()
			.map(NamedClientMcpTransport.class::cast)
			.noneMatch((named) -> watched.contains(named.name()))) {
			return bean;
		}
		McpResourceChanges changes = this.changes.getObject();
		return list.stream()
			.map(NamedClientMcpTransport.class::cast)
			.map((named) -> watched.contains(named.name())
					? new NamedClientMcpTransport(named.name(), changes.watch(named.name(), named.transport())) : named)
			.toList();
	}

}
