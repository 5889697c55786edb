package dev.skills.boot.sources.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import dev.skills.boot.SkillLocationsContributor;
import dev.skills.boot.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.endpoint.SkillsEndpointSources;
import dev.skills.boot.sources.RemoteSourcesContributor;
import dev.skills.boot.sources.SkillSourcesView;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.sources.FetchListener;
import dev.skills.sources.GitSourceSettings;
import dev.skills.sources.RemoteSource;
import dev.skills.sources.SkillSources;
import dev.skills.sources.SkillSources.SourcesSettings;
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
 * Auto-configuration of remote skill sources: the {@link SkillSources} of
 * {@code skills.sources.git[]}, {@code skills.sources.index[]} and of every
 * {@link RemoteSourcesContributor} (MCP servers), whose folders are added to the
 * registry's locations and which start fetching once the registry exists (on their own
 * thread, ended when the context closes). Backs off without {@code skills-sources} on the
 * class path.
 */
@AutoConfiguration(after = SkillsAutoConfiguration.class)
@ConditionalOnClass(SkillSources.class)
@ConditionalOnSkillsEnabled
@EnableConfigurationProperties(SkillsSourcesProperties.class)
public final class SkillsSourcesAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SkillSources skillSources(SkillsSourcesProperties properties, ObjectProvider<FetchListener> listeners,
			ObjectProvider<RemoteSourcesContributor> contributors) {
		SourcesSettings defaults = SourcesSettings.defaults();
		SourcesSettings settings = new SourcesSettings(
				(properties.getCacheDir() != null) ? properties.getCacheDir() : defaults.cacheDir(),
				properties.getTimeout(), properties.getMaxFiles(), properties.getMaxSize().toBytes());
		// Listeners are looked up on each fetch: the meters' bean comes later.
		FetchListener listener = (status, outcome, duration) -> listeners.orderedStream()
			.forEach((each) -> each.fetched(status, outcome, duration));
		List<RemoteSource.Factory> others = new ArrayList<>(index(properties));
		contributors.orderedStream().forEach((contributor) -> others.addAll(contributor.sources()));
		return SkillSources.create(git(properties), others, settings, listener);
	}

	@Bean
	SkillLocationsContributor skillSourcesLocations(SkillSources sources) {
		return sources::locations;
	}

	@Bean
	SmartInitializingSingleton skillSourcesStarter(SkillSources sources, ObjectProvider<SkillsRegistry> registry) {
		return () -> registry.ifAvailable(sources::start);
	}

	@Bean
	@ConditionalOnMissingBean
	SkillsEndpointSources skillsEndpointSources(SkillSources sources) {
		return new SkillSourcesView(sources);
	}

	private static List<RemoteSource.Factory> index(SkillsSourcesProperties properties) {
		List<RemoteSource.Factory> index = new ArrayList<>();
		for (int i = 0; i < properties.getIndex().size(); i++) {
			SkillsSourcesProperties.Index source = properties.getIndex().get(i);
			String property = SkillsSourcesProperties.PREFIX + ".index[" + i + "]";
			if (source.getUrl() == null) {
				throw new InvalidConfigurationPropertyValueException(property + ".url", null,
						"every index source needs the URL of its index.json");
			}
			try {
				index.add(new IndexSourceFactory(new IndexSourceSettings(source.getUrl(), source.getRefreshInterval(),
						source.getHeaders(), source.getUsername(), source.getPassword())));
			}
			catch (IllegalArgumentException ex) {
				throw new InvalidConfigurationPropertyValueException(property + ".url", source.getUrl(),
						ex.getMessage());
			}
		}
		return index;
	}

	private static List<GitSourceSettings> git(SkillsSourcesProperties properties) {
		List<GitSourceSettings> git = new ArrayList<>();
		for (int i = 0; i < properties.getGit().size(); i++) {
			SkillsSourcesProperties.Git source = properties.getGit().get(i);
			String property = SkillsSourcesProperties.PREFIX + ".git[" + i + "]";
			if (source.getUri() == null || source.getUri().isBlank()) {
				throw new InvalidConfigurationPropertyValueException(property + ".uri", source.getUri(),
						"every git source needs the URI of its repository");
			}
			try {
				git.add(new GitSourceSettings(source.getUri(), source.getRef(), source.getPath(),
						source.getRefreshInterval(), source.getUsername(), source.getPassword()));
			}
			catch (IllegalArgumentException ex) {
				throw new InvalidConfigurationPropertyValueException(property, source.getUri(), ex.getMessage());
			}
		}
		return git;
	}

}
