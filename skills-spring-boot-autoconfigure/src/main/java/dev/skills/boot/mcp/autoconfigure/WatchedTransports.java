package dev.skills.boot.mcp.autoconfigure;

import java.util.List;
import java.util.function.Predicate;

import dev.skills.boot.sources.autoconfigure.SkillsSourcesProperties;
import dev.skills.mcp.client.McpResourceChanges;

import org.springframework.ai.mcp.client.common.autoconfigure.NamedClientMcpTransport;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Gives the transport of each Spring AI MCP client connection that a skill source reads
 * to {@link McpResourceChanges#watch}, before the client is built on it, so that the
 * connection's {@code resources/list_changed} reaches the source without the SDK's
 * unbounded listing. Spring AI publishes the transports as lists of
 * {@link NamedClientMcpTransport}, one list per kind of transport.
 */
final class WatchedTransports implements BeanPostProcessor {

	private final ObjectProvider<SkillsSourcesProperties> properties;

	private final ObjectProvider<McpResourceChanges> changes;

	WatchedTransports(ObjectProvider<SkillsSourcesProperties> properties, ObjectProvider<McpResourceChanges> changes) {
		this.properties = properties;
		this.changes = changes;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (!(bean instanceof List<?> list) || list.isEmpty()
				|| !list.stream().allMatch(NamedClientMcpTransport.class::isInstance)) {
			return bean;
		}
		SkillsSourcesProperties sources = this.properties.getObject();
		Predicate<NamedClientMcpTransport> watched = (
				named) -> SkillsMcpSourcesAutoConfiguration.sourceOf(sources, named.name()).isPresent();
		if (list.stream().map(NamedClientMcpTransport.class::cast).noneMatch(watched)) {
			return bean;
		}
		McpResourceChanges changes = this.changes.getObject();
		return list.stream()
			.map(NamedClientMcpTransport.class::cast)
			.map((named) -> watched.test(named)
					? new NamedClientMcpTransport(named.name(), changes.watch(named.name(), named.transport())) : named)
			.toList();
	}

}
