package dev.skills.boot.sources.autoconfigure;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.function.Consumer;

import dev.skills.boot.SkillLocationsContributor;
import dev.skills.boot.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.endpoint.SkillsEndpointSources;
import dev.skills.boot.sources.SkillSourcesContributor;
import dev.skills.boot.sources.SkillSourcesView;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.sources.SkillSource;
import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;
import dev.skills.sources.SourcesSettings;
import dev.skills.sources.git.GitSourceFactory;
import dev.skills.sources.git.GitSourceSettings;
import dev.skills.sources.index.IndexSourceFactory;
import dev.skills.sources.index.IndexSourceSettings;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of skill sources: the {@link SourceRefresher} of
 * {@code skills.sources.git[]}, {@code skills.sources.index[]} and of every
 * {@link SkillSourcesContributor} (MCP servers), whose folders are added to the
 * registry's locations and which start fetching once the registry exists (each source on
 * a thread of its own, ended when the context closes). Every {@code Consumer} of
 * {@link SourceStatus} bean hears of every fetch. Backs off without
 * {@code skills-sources} on the class path.
 */
@AutoConfiguration(after = SkillsAutoConfiguration.class)
@ConditionalOnClass(SourceRefresher.class)
@ConditionalOnSkillsEnabled
@EnableConfigurationProperties(SkillsSourcesProperties.class)
public final class SkillsSourcesAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SourceRefresher skillSourceRefresher(SkillsSourcesProperties properties,
			ObjectProvider<Consumer<SourceStatus>> listeners, ObjectProvider<SkillSourcesContributor> contributors) {
		SourcesSettings defaults = SourcesSettings.defaults();
		SourcesSettings settings = new SourcesSettings(
				(properties.getCacheDir() != null) ? properties.getCacheDir() : defaults.cacheDir(),
				properties.getTimeout(), properties.getMaxFiles(), properties.getMaxSize().toBytes());
		// Listeners are looked up on each fetch: the meters' bean comes later.
		Consumer<SourceStatus> listener = (status) -> listeners.orderedStream().forEach((each) -> each.accept(status));
		List<SkillSource.Factory> sources = new ArrayList<>(git(properties));
		sources.addAll(index(properties));
		contributors.orderedStream().forEach((contributor) -> sources.addAll(contributor.sources()));
		return SourceRefresher.create(sources, settings, listener);
	}

	@Bean
	SkillLocationsContributor skillSourcesLocations(SourceRefresher sources) {
		return sources::locations;
	}

	@Bean
	SmartInitializingSingleton skillSourcesStarter(SourceRefresher sources, ObjectProvider<SkillsRegistry> registry) {
		return () -> registry.ifAvailable(sources::start);
	}

	@Bean
	@ConditionalOnMissingBean
	SkillsEndpointSources skillsEndpointSources(SourceRefresher sources) {
		return new SkillSourcesView(sources);
	}

	private static List<SkillSource.Factory> index(SkillsSourcesProperties properties) {
		List<SkillSource.Factory> index = new ArrayList<>();
		for (int i = 0; i < properties.getIndex().size(); i++) {
			IndexSourceProperties source = properties.getIndex().get(i);
			String property = SkillsSourcesProperties.PREFIX + ".index[" + i + "]";
			if (source.getUrl() == null) {
				throw new InvalidConfigurationPropertyValueException(property + ".url", null,
						"every index source needs the URL of its index.json");
			}
			try {
				index.add(new IndexSourceFactory(
						new IndexSourceSettings(source.getUrl(), source.getRefreshInterval(), source.getHeaders(),
								source.getUsername(), source.getPassword(), new HashSet<>(source.getAllowedHosts()))));
			}
			catch (IllegalArgumentException ex) {
				boolean hosts = String.valueOf(ex.getMessage()).startsWith("allowed-hosts");
				throw new InvalidConfigurationPropertyValueException(property + (hosts ? ".allowed-hosts" : ".url"),
						hosts ? source.getAllowedHosts() : source.getUrl(), ex.getMessage());
			}
		}
		return index;
	}

	private static List<SkillSource.Factory> git(SkillsSourcesProperties properties) {
		List<SkillSource.Factory> git = new ArrayList<>();
		for (int i = 0; i < properties.getGit().size(); i++) {
			GitSourceProperties source = properties.getGit().get(i);
			String property = SkillsSourcesProperties.PREFIX + ".git[" + i + "]";
			if (source.getUri() == null || source.getUri().isBlank()) {
				throw new InvalidConfigurationPropertyValueException(property + ".uri", source.getUri(),
						"every git source needs the URI of its repository");
			}
			try {
				git.add(new GitSourceFactory(new GitSourceSettings(source.getUri(), source.getRef(), source.getPath(),
						source.getRefreshInterval(), source.getUsername(), source.getPassword())));
			}
			catch (IllegalArgumentException ex) {
				throw new InvalidConfigurationPropertyValueException(property, source.getUri(), ex.getMessage());
			}
		}
		return git;
	}

}
