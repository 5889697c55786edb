package dev.skills.sources.git;

import java.nio.file.Path;
import java.util.function.Function;

import dev.skills.sources.SkillSource;
import dev.skills.sources.SourcesSettings;

/**
 * Makes the source of one git repository, for
 * {@link dev.skills.sources.SourceRefresher#create(java.util.List, SourcesSettings, java.util.function.Consumer)}.
 */
public final class GitSourceFactory implements SkillSource.Factory {

	private final GitSourceSettings settings;

	/**
	 * Create the factory of one repository.
	 * @param settings the repository
	 */
	public GitSourceFactory(GitSourceSettings settings) {
		this.settings = settings;
	}

	@Override
	public String readableName() {
		String uri = this.settings.uri().replaceAll("/+$", "").replaceAll("\\.git$", "");
		return uri.substring(uri.lastIndexOf('/') + 1) + "-" + this.settings.ref();
	}

	@Override
	public String identity() {
		return this.settings.uri() + "\n" + this.settings.ref() + "\n" + this.settings.path();
	}

	@Override
	public SkillSource create(SourcesSettings settings, Path store, Function<String, Path> revisionFolder) {
		return new GitSkillSource(this.settings, settings, store, revisionFolder);
	}

}
