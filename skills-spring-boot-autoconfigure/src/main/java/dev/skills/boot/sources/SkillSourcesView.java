package dev.skills.boot.sources;

import java.util.List;

import dev.skills.boot.endpoint.SkillsEndpointSources;
import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;
import org.jspecify.annotations.Nullable;

/**
 * The sources as {@code /actuator/skills} shows them.
 */
public final class SkillSourcesView implements SkillsEndpointSources {

	private final SourceRefresher sources;

	/**
	 * Create the view.
	 * @param sources the sources shown
	 */
	public SkillSourcesView(SourceRefresher sources) {
		this.sources = sources;
	}

	@Override
	public List<Source> sources() {
		return this.sources.statuses().stream().map(SkillSourcesView::source).toList();
	}

	@Override
	public @Nullable String sourceOf(String skillLocation) {
		return this.sources.sourceOf(skillLocation).map(SourceStatus::name).orElse(null);
	}

	@Override
	public void fetch() {
		this.sources.refresh();
	}

	private static Source source(SourceStatus status) {
		return new Source(status.name(), status.type(), status.revision(), status.fetchedAt(), status.checkedAt(),
				status.lastError());
	}

}
