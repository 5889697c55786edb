package dev.skills.core.activation;

/**
 * The in-memory store keeps the {@link ActiveSkillsRepository} contract.
 */
class InMemoryActiveSkillsRepositoryContractTests extends ActiveSkillsRepositoryContract {

	@Override
	protected ActiveSkillsRepository repository() {
		return new InMemoryActiveSkillsRepository();
	}

}
