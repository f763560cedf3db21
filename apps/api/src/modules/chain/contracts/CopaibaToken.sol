// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title CopaibaToken
/// @notice One contract per issued Copaíba token. Units are whole (0 decimals). Only wallets the
/// platform approved can hold units (the permissioned-holder idea of ERC-3643, kept simple); the
/// platform (owner) mints on purchase, burns on refund, moves units between its custodied wallets
/// when investors trade on the secondary board, and records each installment paid.
contract CopaibaToken is ERC20, Ownable {
    mapping(address => bool) public approved;

    event HolderApproved(address indexed holder, bool approved);
    event Remunerated(address indexed holder, uint32 indexed installment, uint256 amountCents);

    error HolderNotApproved(address holder);
    error LengthMismatch();

    constructor(string memory name_, string memory symbol_, address owner_)
        ERC20(name_, symbol_)
        Ownable(owner_)
    {}

    function decimals() public pure override returns (uint8) {
        return 0;
    }

    function setApproved(address holder, bool allowed) external onlyOwner {
        approved[holder] = allowed;
        emit HolderApproved(holder, allowed);
    }

    /// @notice Mints to each holder, approving the holder first: the platform only mints to its own
    /// custodied investor wallets.
    function mint(address[] calldata to, uint256[] calldata amounts) external onlyOwner {
        if (to.length != amounts.length) revert LengthMismatch();
        for (uint256 i = 0; i < to.length; i++) {
            if (!approved[to[i]]) {
                approved[to[i]] = true;
                emit HolderApproved(to[i], true);
            }
            _mint(to[i], amounts[i]);
        }
    }

    /// @notice Moves units between custodied wallets for purchases on the secondary board: the
    /// platform custodies both wallets and records the trade itself (investors never sign), like a
    /// forced transfer of ERC-3643. The recipient is approved first, as mint does.
    function transferUnits(address[] calldata from, address[] calldata to, uint256[] calldata amounts)
        external
        onlyOwner
    {
        if (from.length != to.length || to.length != amounts.length) revert LengthMismatch();
        for (uint256 i = 0; i < to.length; i++) {
            if (!approved[to[i]]) {
                approved[to[i]] = true;
                emit HolderApproved(to[i], true);
            }
            _transfer(from[i], to[i], amounts[i]);
        }
    }

    function burn(address[] calldata from, uint256[] calldata amounts) external onlyOwner {
        if (from.length != amounts.length) revert LengthMismatch();
        for (uint256 i = 0; i < from.length; i++) {
            _burn(from[i], amounts[i]);
        }
    }

    /// @notice Records on chain what each holder received for one installment (paid off chain, in BRL).
    function remunerate(uint32 installment, address[] calldata holders, uint256[] calldata amountsCents)
        external
        onlyOwner
    {
        if (holders.length != amountsCents.length) revert LengthMismatch();
        for (uint256 i = 0; i < holders.length; i++) {
            emit Remunerated(holders[i], installment, amountsCents[i]);
        }
    }

    function _update(address from, address to, uint256 value) internal override {
        if (to != address(0) && !approved[to]) revert HolderNotApproved(to);
        super._update(from, to, value);
    }
}
